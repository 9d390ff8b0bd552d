// Hostname checks for includeDomains / excludeDomains (spec 2.2: "hostnames only, no protocol or
// path"). Each problem says what was found and suggests the hostname the person probably meant.
import { domainToASCII } from 'node:url';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export type HostnameCheck = { ok: true; hostname: string } | { ok: false; message: string };

/** Checks one entry; on success gives the normalised form (trimmed, lower case, ASCII). */
export function checkHostname(value: unknown): HostnameCheck {
  if (typeof value !== 'string') {
    return { ok: false, message: `Each domain must be a hostname in quotes, such as "example.com"; got ${describe(value)}.` };
  }
  const raw = value.trim();
  if (raw === '') return { ok: false, message: 'A domain is empty; give a hostname such as "example.com", or remove the entry.' };
  const hint = suggestion(raw);
  const shown = JSON.stringify(raw.length > 80 ? raw.slice(0, 80) + '…' : raw);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) return { ok: false, message: `${shown} has a scheme; give the hostname only${hint}.` };
  if (/[/?#]/.test(raw)) return { ok: false, message: `${shown} has a path; give the hostname only${hint}.` };
  if (raw.includes('@')) return { ok: false, message: `${shown} has a user name; give the hostname only${hint}.` };
  if (/:\d*$/.test(raw) && !raw.startsWith('[')) return { ok: false, message: `${shown} has a port; give the hostname only${hint}.` };
  if (raw.includes('*')) return { ok: false, message: `${shown} has a wildcard; give a hostname such as "example.com", which also covers its subdomains.` };
  if (/\s/.test(raw)) return { ok: false, message: `${shown} has a space in it; give one hostname per entry.` };
  const ascii = domainToASCII(raw);
  const name = ascii.endsWith('.') ? ascii.slice(0, -1) : ascii;
  if (name === '' || name.length > 253 || !name.split('.').every((label) => LABEL.test(label))) {
    return { ok: false, message: `${shown} is not a valid hostname; use letters, digits, hyphens and dots, such as "docs.example.com".` };
  }
  return { ok: true, hostname: name };
}

/** ", such as \"example.com\"" when the hostname can be read out of a URL-like entry. */
function suggestion(raw: string): string {
  try {
    const host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`).hostname;
    return host && host !== raw ? ` ("${host}")` : '';
  } catch {
    return '';
  }
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : `the number ${value}`;
  if (typeof value === 'boolean') return `${value}`;
  if (typeof value === 'object') return 'an object';
  return typeof value;
}
