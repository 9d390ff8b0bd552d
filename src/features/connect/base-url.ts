// Checks the service address a person types, with the client's own rules (https, or plain http
// only on this machine), so a wrong address is refused while typing rather than at the first call.
// No VS Code and no client here: the input box must not load the API bundle on each keystroke.

export type BaseUrlCheck = { ok: true; baseUrl: string } | { ok: false; message: string };

/** 127.0.0.0/8, ::1 and localhost, as the WHATWG URL parser writes them. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host === '[::1]' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The address as it is saved: no trailing slash and no trailing /v2 (the client adds it). */
export function checkBaseUrl(input: string): BaseUrlCheck {
  const text = input.trim();
  if (text === '') return { ok: false, message: 'Enter the address of the Web Data Service, such as https://api.example.com.' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: 'This is not a URL. Enter it with its scheme, such as https://api.example.com.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: `Use https:// (not ${url.protocol}//).` };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return { ok: false, message: `Plain http:// is only allowed for a service on this computer (localhost or 127.0.0.1); use https://${url.host}.` };
  }
  if (url.username || url.password) return { ok: false, message: 'Leave the user name and password out of the address; the API key is asked for next and kept in secret storage.' };
  if (url.search || url.hash) return { ok: false, message: 'Leave out the query (?…) and fragment (#…): only the scheme, host and an optional path.' };
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v2$/i, '');
  return { ok: true, baseUrl: `${url.origin}${path}` };
}

/** True for an http:// address on this machine: where a sandbox key may be stored unasked. */
export function isLoopbackHttp(baseUrl: string): boolean {
  try {
    const url = new URL(baseUrl);
    return url.protocol === 'http:' && isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}
