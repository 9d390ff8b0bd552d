// What a watched page looks like at each check, and how the emulator compares two checks: pages
// change in a fixed way (the first page gains a sentence each check, alternately about a breaking
// change and about typos; the second page's price goes up by one each check; the third page is
// gone from the third check on), a unified diff of their markdown, and a judge that calls a change
// meaningful when a changed line holds the goal's distinctive words (not its filler, not "default"
// or "change"). A JSON watch (a scrape target whose formats ask for json) reads each version as a
// few fields and diffs them field by field.

/** The markdown of the `index`-th watched page at the `check`-th check (0 is the first). */
export function pageVersion(base: string, index: number, check: number): string | undefined {
  if (index === 0) {
    const updates: string[] = [];
    for (let j = 1; j <= check; j++) {
      updates.push(j % 2 === 1
        ? `Update ${j}: the migration guide now lists a breaking change: connect() no longer retries by default.`
        : `Update ${j}: typo fixes and clearer wording in the introduction.`);
    }
    return updates.length === 0 ? base : `${base.trimEnd()}\n\n${updates.join('\n\n')}\n`;
  }
  if (index === 1) return `${base.trimEnd()}\n\nPrice: $${20 + check} per month.\n`;
  if (index === 2 && check >= 2) return undefined;
  return base;
}

function lines(text: string): string[] {
  const all = text.split('\n');
  if (all.at(-1) === '') all.pop();
  return all;
}

type Op = { kind: ' ' | '-' | '+'; line: string };

/** The line edits from `a` to `b`: common ends trimmed, the middle by longest common subsequence. */
function edits(a: string[], b: string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) { endA--; endB--; }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const n = midA.length;
  const m = midB.length;
  // lcs[i * (m + 1) + j]: the longest common run of midA[i..] and midB[j..].
  const lcs = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number): number => lcs[i * (m + 1) + j] ?? 0;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lcs[i * (m + 1) + j] = midA[i] === midB[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
  }
  const ops: Op[] = a.slice(0, start).map((line) => ({ kind: ' ', line }));
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    const left = midA[i];
    const right = midB[j];
    if (left !== undefined && right !== undefined && left === right) { ops.push({ kind: ' ', line: left }); i++; j++; }
    else if (left !== undefined && (right === undefined || at(i + 1, j) >= at(i, j + 1))) { ops.push({ kind: '-', line: left }); i++; }
    else { ops.push({ kind: '+', line: right ?? '' }); j++; }
  }
  for (const line of a.slice(endA)) ops.push({ kind: ' ', line });
  return ops;
}

/** A unified diff of two markdown texts with three lines of context, as `diff -u` writes it. */
export function unifiedDiff(before: string, after: string, context = 3): string {
  const ops = edits(lines(before), lines(after));
  const same = (k: number): boolean => ops[k]?.kind === ' ';
  const out = ['--- previous', '+++ current'];
  let k = 0;
  while (k < ops.length) {
    if (same(k)) { k++; continue; }
    const from = Math.max(0, k - context);
    let to = k;
    // The hunk grows while the next change is within twice the context.
    for (;;) {
      while (to < ops.length && !same(to)) to++;
      let next = to;
      while (next < ops.length && same(next)) next++;
      if (next < ops.length && next - to <= 2 * context) { to = next; continue; }
      break;
    }
    const end = Math.min(ops.length, to + context);
    const hunk = ops.slice(from, end);
    const oldStart = ops.slice(0, from).filter((o) => o.kind !== '+').length + 1;
    const newStart = ops.slice(0, from).filter((o) => o.kind !== '-').length + 1;
    const oldCount = hunk.filter((o) => o.kind !== '+').length;
    const newCount = hunk.filter((o) => o.kind !== '-').length;
    out.push(`@@ -${oldCount === 0 ? oldStart - 1 : oldStart},${oldCount} +${newCount === 0 ? newStart - 1 : newStart},${newCount} @@`);
    for (const op of hunk) out.push(`${op.kind}${op.line}`);
    k = end;
  }
  return `${out.join('\n')}\n`;
}

// The words of a goal that say nothing of its subject: English's small words, a request's filler
// ("tell me when…") and the words of change itself, which every diff is about. A goal about
// "the default buffer size" must not call "connect() no longer retries by default" meaningful.
const STOP = new Set([
  'the', 'and', 'for', 'are', 'was', 'were', 'its', 'has', 'had', 'have', 'any', 'all', 'our', 'their', 'them', 'they', 'you', 'your',
  'not', 'but', 'with', 'from', 'into', 'onto', 'about', 'than', 'then', 'that', 'this', 'these', 'those', 'there', 'here', 'what',
  'when', 'where', 'which', 'who', 'whom', 'why', 'how', 'will', 'would', 'should', 'could', 'can', 'may', 'might', 'must', 'does',
  'did', 'been', 'being', 'some', 'such', 'more', 'most', 'less', 'very', 'just', 'also', 'only', 'other', 'each', 'every', 'per',
  'tell', 'know', 'let', 'notify', 'alert', 'please', 'want', 'need', 'see', 'mention', 'mentions', 'mentioned', 'page',
  'pages', 'site', 'something', 'anything', 'thing', 'things', 'goes', 'gets', 'becomes', 'happens', 'appears', 'lists', 'says',
  'default', 'defaults', 'change', 'changes', 'changed', 'changing', 'update', 'updates', 'updated', 'new', 'newer', 'latest',
  'added', 'adds', 'removed', 'removes', 'edit', 'edits', 'edited', 'modified', 'different', 'difference', 'now', 'ever', 'again',
  'important', 'significant', 'meaningful', 'relevant', 'real',
]);

/** A word without its plural's ending, so that "sizes" meets "size" and "retries" meets "retry". */
const singular = (word: string): string => (word.length > 4 && word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word);

/** The goal's distinctive words, singular: three letters or more, none of the STOP words. */
export function goalWords(goal: string): string[] {
  return [...new Set((goal.toLowerCase().match(/[a-z0-9]{3,}/g) ?? []).filter((w) => !STOP.has(w)).map(singular))];
}

export interface Judgment {
  meaningful: boolean;
  confidence: 'high' | 'medium' | 'low';
  reason: string;
  meaningfulChanges: Array<{ type: 'added' | 'removed' | 'changed'; before: string | null; after: string | null; reason: string }>;
}

/**
 * The emulator's judge: meaningful when a changed line holds at least half of the goal's
 * distinctive words (of one or two, either; of three, two); a goal of nothing but filler finds
 * nothing meaningful.
 */
export function judge(goal: string, diff: string): Judgment {
  const words = goalWords(goal);
  const needed = Math.ceil(words.length / 2);
  const changed = diff.split('\n').filter((l) => (l.startsWith('+') || l.startsWith('-')) && !l.startsWith('+++') && !l.startsWith('---'));
  const meaningfulChanges: Judgment['meaningfulChanges'] = [];
  const found = new Set<string>();
  for (const line of changed) {
    const lineWords = new Set((line.slice(1).toLowerCase().match(/[a-z0-9]+/g) ?? []).map(singular));
    const hits = words.filter((w) => lineWords.has(w));
    if (hits.length === 0 || hits.length < needed) continue;
    hits.forEach((w) => found.add(w));
    const added = line.startsWith('+');
    meaningfulChanges.push({ type: added ? 'added' : 'removed', before: added ? null : line.slice(1), after: added ? line.slice(1) : null, reason: `Mentions ${hits.map((w) => `"${w}"`).join(', ')}.` });
  }
  if (meaningfulChanges.length === 0) return { meaningful: false, confidence: 'high', reason: 'The change does not touch what the goal asks about.', meaningfulChanges };
  return { meaningful: true, confidence: found.size > 1 || words.length === 1 ? 'high' : 'medium', reason: `The change mentions ${[...found].map((w) => `"${w}"`).join(', ')}, which the goal asks about.`, meaningfulChanges };
}

/** A scrape target that asks for JSON: "json" or { type: "json", … } among its formats. */
export function isJsonTarget(target: { scrapeOptions?: { formats: unknown[] } } | undefined): boolean {
  return (target?.scrapeOptions?.formats ?? []).some((f) => f === 'json' || (typeof f === 'object' && f !== null && (f as { type?: unknown }).type === 'json'));
}

/** A page's version as the fields a JSON watch extracts: its title, its price, its updates. */
export function jsonVersion(title: string, markdown: string): Record<string, unknown> {
  const price = /Price: \$(\d+)/.exec(markdown);
  const updates = markdown.match(/^Update \d+: .*$/gm) ?? [];
  return { title, price: price?.[1] !== undefined ? Number(price[1]) : null, updateCount: updates.length, latestUpdate: updates.at(-1) ?? null };
}

export type FieldDiff = Record<string, { previous: unknown; current: unknown }>;

/** The fields whose values differ, each with its previous and current value (null where absent). */
export function fieldDiff(previous: Record<string, unknown>, current: Record<string, unknown>): FieldDiff {
  const out: FieldDiff = {};
  for (const field of new Set([...Object.keys(previous), ...Object.keys(current)])) {
    if (JSON.stringify(previous[field]) !== JSON.stringify(current[field])) out[field] = { previous: previous[field] ?? null, current: current[field] ?? null };
  }
  return out;
}
