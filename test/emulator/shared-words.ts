// When no page holds every word of a query, a search engine still answers with the pages nearest
// to it; so does the emulator, so that a person trying the sandbox with their own words (`rust
// async runtime`) sees results instead of an empty page. Pages are ranked by the words they share
// with the query: the same word counts most, a word that begins the other (async, asynchronous)
// less, a word of the same topic (runtime, stream) least; rare words weigh more than common ones,
// a title's words more than the body's. Operators, quoted phrases and -words still hold strictly,
// and a query sharing nothing with the corpus (qwertyuiop) still finds nothing.
import { stem } from './corpus';
import type { IndexedPage } from './corpus';
import { pageClause } from './query';
import type { Term } from './query';

/**
 * Words of everyday queries, grouped by the corpus's topics: a query word of a group matches the
 * pages holding any word of the group. Not a thesaurus of English; enough that an ordinary query
 * about software, the web, research, gardens and cooking or a city's news lands near its topic.
 */
const TOPICS: readonly string[][] = [
  ['rust', 'go', 'golang', 'python', 'java', 'javascript', 'js', 'node', 'nodejs', 'deno', 'typescript', 'ts', 'kotlin', 'swift',
    'c', 'cpp', 'library', 'framework', 'package', 'crate', 'module', 'npm', 'api', 'sdk', 'code', 'programming', 'developer',
    'async', 'await', 'asynchronous', 'runtime', 'concurrency', 'concurrent', 'parallel', 'thread', 'future', 'promise', 'tokio',
    'stream', 'streaming', 'pipeline', 'event', 'queue', 'kafka', 'performance', 'benchmark', 'fast', 'throughput', 'latency',
    'memory', 'leak', 'bug', 'error', 'exception', 'crash', 'install', 'tutorial', 'config', 'configuration', 'release', 'version'],
  ['react', 'vue', 'angular', 'svelte', 'css', 'html', 'frontend', 'ui', 'ux', 'component', 'button', 'theme', 'theming', 'dark',
    'mode', 'style', 'design', 'accessibility', 'accessible', 'a11y', 'browser', 'chrome', 'firefox', 'layout', 'web', 'lint'],
  ['database', 'sql', 'distributed', 'consensus', 'raft', 'paxos', 'network', 'partition', 'cluster', 'kubernetes', 'docker',
    'cloud', 'server', 'system', 'paper', 'research', 'study', 'university', 'machine', 'learning', 'ml', 'ai', 'neural', 'model',
    'convolutional', 'vision', 'quantum', 'physics', 'science'],
  ['garden', 'gardening', 'plant', 'vegetable', 'tomato', 'compost', 'soil', 'pest', 'aphid', 'flower', 'border', 'autumn',
    'harvest', 'recipe', 'cook', 'cooking', 'food', 'bread', 'soup', 'kitchen', 'bake', 'baking', 'sourdough', 'dinner'],
  ['city', 'council', 'budget', 'tram', 'rail', 'train', 'bus', 'transit', 'transport', 'traffic', 'timetable', 'bridge',
    'harbor', 'harbour', 'festival', 'news', 'local', 'election', 'weather', 'today'],
].map((group) => group.map(stem));

const SAME = 1;
const PREFIX = 0.6;
const TOPIC = 0.25;
/** A word shorter than this neither begins nor is begun by another. */
const MIN_PREFIX = 4;

/** The stems of the topics `word` belongs to. */
function topicOf(word: string): Set<string> {
  return new Set(TOPICS.filter((group) => group.includes(word)).flat());
}

/** How near a stem of the corpus is to the query's `word` (0 when not at all): same, prefix or topic. */
function nearness(word: string, topic: ReadonlySet<string>, candidate: string): number {
  if (candidate === word) return SAME;
  if (word.length >= MIN_PREFIX && candidate.length >= MIN_PREFIX && (candidate.startsWith(word) || word.startsWith(candidate))) return PREFIX;
  return topic.has(candidate) ? TOPIC : 0;
}

/** Inverse document frequency of each stem over the corpus: rare words weigh more. */
export function stemWeights(pages: readonly IndexedPage[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of pages) for (const s of p.stems) counts.set(s, (counts.get(s) ?? 0) + 1);
  const weights = new Map<string, number>();
  for (const [s, n] of counts) weights.set(s, Math.log(1 + pages.length / n));
  return weights;
}

/** The plain words a query asks for (not negated, not operators or phrases). */
export function plainWords(terms: readonly Term[]): string[] {
  return terms.flatMap((t) => (t.clause.kind === 'words' && !t.negated ? t.clause.stems : []));
}

/**
 * A page's score by the words it shares with the query, or -1 when it shares none or fails an
 * operator, a phrase or a -word. `weights`: stemWeights of the corpus.
 */
export function sharedWordsScore(p: IndexedPage, terms: readonly Term[], weights: ReadonlyMap<string, number>): number {
  for (const { clause, negated } of terms) {
    if (clause.kind === 'imagesize' || clause.kind === 'larger' || (clause.kind === 'words' && !negated)) continue;
    if (pageClause(p, clause) === negated) return -1;
  }
  let score = 0;
  for (const word of plainWords(terms)) {
    const topic = topicOf(word);
    let best = 0;
    for (const s of p.stems) {
      const near = nearness(word, topic, s);
      if (near === 0) continue;
      const weighed = near * (weights.get(s) ?? 1) * (p.titleStems.has(s) ? 3 : 1);
      if (weighed > best) best = weighed;
    }
    score += best;
  }
  return score > 0 ? score : -1;
}
