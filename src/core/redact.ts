// Keeps a secret (the API key, the webhook secret) out of text, in every form a service or a proxy
// might echo it: as it is, in another letter case, percent-encoded (wholly or in part, any hex
// case) and base64 (standard or URL-safe, at any alignment inside a longer encoded value, such as
// an `Authorization: Basic …` header). Dependency-free: the log uses it at activation.

/** What a secret is replaced with. */
export const REDACTED = '[redacted]';
/** Shorter secrets are only matched exactly: their other forms would match ordinary text. */
const MIN_FUZZY_LENGTH = 6;
/** A base64 fragment shorter than this is too likely to occur by chance. */
const MIN_BASE64_FRAGMENT = 8;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One character: itself in any case, or its UTF-8 bytes percent-encoded in any hex case. */
function charPattern(char: string): string {
  const encoded = [...new TextEncoder().encode(char)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  const plain = char === ' ' ? '(?: |\\+)' : escapeRegExp(char);
  return `(?:${plain}|${encoded})`;
}

/**
 * The parts of base64(prefix + secret) that depend on the secret alone, for the three lengths of
 * prefix modulo 3: whatever precedes the secret in an encoded value, one of these appears.
 */
function base64Fragments(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const fragments = new Set<string>();
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    // Character i holds bits [6i, 6i + 6); keep those entirely inside the secret's bits.
    const first = Math.ceil((8 * offset) / 6);
    const last = Math.floor((8 * (offset + bytes.length) - 6) / 6);
    const fragment = encoded.slice(first, last + 1);
    if (fragment.length >= MIN_BASE64_FRAGMENT) {
      fragments.add(fragment);
      fragments.add(fragment.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return [...fragments];
}

/** A pattern that finds `secret` in any of its forms; undefined for an empty secret. */
function secretPattern(secret: string): RegExp | undefined {
  if (secret === '') return undefined;
  if (secret.length < MIN_FUZZY_LENGTH) return new RegExp(escapeRegExp(secret), 'g');
  const forms = [Array.from(secret).map(charPattern).join(''), ...base64Fragments(secret).map(escapeRegExp)];
  return new RegExp(forms.join('|'), 'gi');
}

/** `text` with every form of each secret replaced by REDACTED. */
export function redact(text: string, secrets: Iterable<string>, replacement = REDACTED): string {
  let result = text;
  for (const secret of secrets) {
    const pattern = secretPattern(secret);
    if (pattern) result = result.replace(pattern, replacement);
  }
  return result;
}

/**
 * The secrets this window knows, so that every log line can be cleaned of them. Bounded: only
 * the most recent few are kept (keys of a few service addresses and the webhook secret).
 */
export class SecretRedactor {
  private readonly secrets: string[] = [];
  private patterns: RegExp[] = [];

  constructor(private readonly maxSecrets = 16) {}

  add(secret: string | undefined): void {
    if (secret === undefined || secret === '' || this.secrets.includes(secret)) return;
    this.secrets.push(secret);
    if (this.secrets.length > this.maxSecrets) this.secrets.shift();
    // Longest first, so a secret that contains another is replaced whole.
    this.patterns = [...this.secrets].sort((a, b) => b.length - a.length).flatMap((s) => secretPattern(s) ?? []);
  }

  redact(text: string): string {
    let result = text;
    for (const pattern of this.patterns) result = result.replace(pattern, REDACTED);
    return result;
  }
}
