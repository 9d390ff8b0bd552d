// Which requests look like what the service sends: a server-to-server POST of JSON. A browser
// marks every cross-site request it makes with Origin and Sec-Fetch-*, so a web page that posts
// to the receiver's loopback address (it needs no secret to try) is told apart and refused.
import type { IncomingHttpHeaders } from 'node:http';

/** The first header that only a browser adds (its name, for the refusal's reason), or undefined. */
export function browserHeader(headers: IncomingHttpHeaders): string | undefined {
  if (headers.origin !== undefined) return 'Origin';
  for (const name of Object.keys(headers)) {
    // Sec-Fetch-Site, -Mode, -Dest, -User: all set by browsers alone (fetch metadata).
    if (name.startsWith('sec-fetch-')) return name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());
  }
  return undefined;
}

/** application/json, in any case, with or without parameters such as charset. */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const mediaType = header.split(';', 1)[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}
