// The client's reading of the service address: the one ServiceAddress (../service-address), with
// the words a refused address gets when the client itself is handed one.
import { parseServiceAddress, type AddressProblem, type ServiceAddress } from '../service-address';
import { WebDataError } from './errors';

export type { ServiceAddress } from '../service-address';

export function parseBaseUrl(baseUrl: unknown): ServiceAddress {
  const check = parseServiceAddress(baseUrl);
  if (check.ok) return check.address;
  throw new WebDataError('invalid-request', `The service address is not usable: ${why(check.problem)}. Set it in the Web Data settings.`);
}

function why(problem: AddressProblem): string {
  switch (problem.kind) {
    case 'empty': return 'it is empty';
    case 'not-a-url': return 'it is not a URL such as https://api.example.com';
    case 'credentials': return 'it contains a user name or password; the API key is sent in a header, never in the address';
    case 'query': return 'it has a query or fragment (?… or #…); give only scheme, host and an optional path';
    case 'scheme': return `the scheme ${problem.scheme} is not https`;
    case 'plain-http': return `plain http is only allowed for a service on this computer (localhost, 127.x.x.x or ::1), and ${problem.host} is not one; use https`;
  }
}
