// Checks the service address a person types, with the client's own rules (the one
// ServiceAddress in src/core), so a wrong address is refused while typing rather than at the
// first call. No VS Code and no client here: the input box must not load the API bundle on each
// keystroke.
import { parseServiceAddress, type AddressProblem } from '../../core/service-address';

export type BaseUrlCheck = { ok: true; baseUrl: string } | { ok: false; message: string };

/** The address as it is saved: no trailing slash and no trailing /v2 (the client adds it). */
export function checkBaseUrl(input: string): BaseUrlCheck {
  const check = parseServiceAddress(input);
  return check.ok ? { ok: true, baseUrl: check.address.baseUrl } : { ok: false, message: problemText(check.problem) };
}

function problemText(problem: AddressProblem): string {
  switch (problem.kind) {
    case 'empty': return 'Enter the address of the Web Data Service, such as https://api.example.com.';
    case 'not-a-url': return 'This is not a URL. Enter it with its scheme, such as https://api.example.com.';
    case 'scheme': return `Use https:// (not ${problem.scheme}//).`;
    case 'plain-http': return `Plain http:// is only allowed for a service on this computer (localhost or 127.0.0.1); use https://${problem.host}.`;
    case 'credentials': return 'Leave the user name and password out of the address; the API key is asked for next and kept in secret storage.';
    case 'query': return 'Leave out the query (?…) and fragment (#…): only the scheme, host and an optional path.';
  }
}

