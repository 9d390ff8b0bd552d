// Reading a delivery's JSON text before it is checked as an event: tolerant of a byte-order mark,
// and refusing deep nesting, which would later overflow the stack of whoever serialises the
// payload again (JSON.stringify recurses; JSON.parse does not).

/** Deeper than any real delivery: the body, its metadata object and a little nesting inside it. */
const MAX_JSON_DEPTH = 64;

export type DeliveryJson = { ok: true; json: unknown } | { ok: false; problem: string };

export function parseDeliveryJson(text: string): DeliveryJson {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
    return { ok: false, problem: `The body nests objects or arrays deeper than ${MAX_JSON_DEPTH} levels.` };
  }
  try {
    return { ok: true, json: JSON.parse(body) as unknown };
  } catch {
    return { ok: false, problem: 'The body is not JSON.' };
  }
}

/** One pass over the text, counting brackets outside strings; stops as soon as the limit is passed. */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/** What a body says of itself (type, id, webhookId), shown beside a refusal; never trusted. */
export function claimedFields(json: unknown): { type?: string; id?: string; webhookId?: string } {
  if (typeof json !== 'object' || json === null) return {};
  const body = json as Record<string, unknown>;
  const claimed: { type?: string; id?: string; webhookId?: string } = {};
  for (const key of ['type', 'id', 'webhookId'] as const) {
    const value = body[key];
    if (typeof value === 'string') claimed[key] = value.slice(0, 200);
  }
  return claimed;
}
