// `npm run screenshots`: regenerates the README's pictures from the end-to-end run, so they show
// what the packaged extension really draws today. Runs `npm run test:e2e` (its steps save
// test-results/e2e/*.png) and copies the chosen ones into media/screenshots/ under the names the
// README uses. Nothing is copied unless the whole run passed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO } from './ensure-tools.mjs';

const SHOTS = path.join(REPO, 'test-results', 'e2e');
const MEDIA = path.join(REPO, 'media', 'screenshots');
// The names the e2e steps give their pictures (test/e2e/journey.e2e.ts's, unless said) -> the README's names.
const CHOSEN = {
  '05-search-results.png': 'search-results.png',
  '06-markdown-preview.png': 'markdown-preview.png',
  '07-credits.png': 'credits.png',
  '08-active-crawls.png': 'active-crawls.png',
  '09-webhook-events.png': 'webhook-events.png',
  '10-crawl-results.png': 'crawl-results.png',
  '11-crawl-page.png': 'crawl-page.png',
  '13-problem-quick-fix.png': 'problem-quick-fix.png',
  '14-problem-query.png': 'problem-query.png',
  '16-connection-report.png': 'connection-report.png',
  // test/e2e/one-window.e2e.ts: the research and watch steps (it runs after the journey).
  'research-03-json-tab.png': 'research-json.png',
  'docs-01-sets.png': 'docs-sets.png',
  'usage-01-panel.png': 'credits-usage.png',
  'watch-03-diff-editor.png': 'watch-diff.png',
};

// `--last-run`: the pictures of the end-to-end run that just ended (`npm test`'s), when every one of its
// tests passed (test-results/durations/e2e.json says so), instead of running it again.
if (process.argv.includes('--last-run')) {
  const durations = path.join(REPO, 'test-results', 'durations', 'e2e.json');
  const tests = fs.existsSync(durations) ? JSON.parse(fs.readFileSync(durations, 'utf8')).tests ?? [] : [];
  const failed = tests.filter((t) => t.state !== 'passed' && t.kind === 'test');
  if (tests.length === 0 || failed.length > 0) {
    console.error(`screenshots: the last e2e run ${tests.length === 0 ? 'left no record' : `had ${failed.length} test(s) not passed`}; media/screenshots/ is unchanged.`);
    process.exit(1);
  }
} else {
  const run = spawnSync('npm', ['run', '--silent', 'test:e2e'], { cwd: REPO, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error('screenshots: the e2e run failed; media/screenshots/ is unchanged.');
    process.exit(run.status ?? 1);
  }
}
// The advanced search's and browser session's steps and chat.e2e.ts save their pictures apart (chat
// runs before the journey, which empties SHOTS when it starts).
const APART = [
  [path.join(REPO, 'test-results', 'e2e-advanced'), { 'advanced-review.png': 'advanced-review.png' }],
  [path.join(REPO, 'test-results', 'e2e-browser'), { 'browser-live-view.png': 'browser-live-view.png' }],
  [path.join(REPO, 'test-results', 'e2e-chat'), { 'chat-answer.png': 'chat-answer.png' }],
];
for (const [dir, chosen] of APART) {
  for (const [from, to] of Object.entries(chosen)) {
    fs.mkdirSync(SHOTS, { recursive: true });
    if (fs.existsSync(path.join(dir, from))) fs.copyFileSync(path.join(dir, from), path.join(SHOTS, from));
    CHOSEN[from] = to;
  }
}
const missing = Object.keys(CHOSEN).filter((name) => !fs.existsSync(path.join(SHOTS, name)));
if (missing.length > 0) {
  console.error(`screenshots: the e2e run did not save ${missing.join(', ')}; media/screenshots/ is unchanged.`);
  process.exit(1);
}
fs.mkdirSync(MEDIA, { recursive: true });
for (const [from, to] of Object.entries(CHOSEN)) {
  fs.copyFileSync(path.join(SHOTS, from), path.join(MEDIA, to));
  console.log(`screenshots: ${path.relative(REPO, path.join(MEDIA, to))} <- ${path.relative(REPO, path.join(SHOTS, from))}`);
}
