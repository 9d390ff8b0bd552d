// The service's JS SDK's parse against the URL and key in its environment (issue 35): a PDF the
// test wrote (its path in PEER_PARSE_FILE), uploaded as the SDK uploads it (multipart, options
// first), printed as one JSON line for test/unit/peer-clients.test.ts to check.
import { readFileSync } from 'node:fs';
import Firecrawl from '@mendable/firecrawl-js';

const client = new Firecrawl({ apiKey: process.env.PEER_API_KEY, apiUrl: process.env.PEER_API_URL });
const data = readFileSync(process.env.PEER_PARSE_FILE ?? '');
const parsed = await client.parse({ data, filename: 'spec.pdf', contentType: 'application/pdf' }, { parsers: [{ type: 'pdf', mode: 'fast', pages: true }] });
process.stdout.write(JSON.stringify({ parsed }) + '\n');
