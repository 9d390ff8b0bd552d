// The steps of Start Crawl in quick inputs, each checked as it is typed with the core's checks
// (the URL check of Any page as markdown, the path patterns compiled as regular expressions), each
// answering with the choices changed. The order, numbering and Back are core/jobs/flow.ts's.
import { MAX_CRAWL_LIMIT, pathPatternProblem } from '../../core/jobs/limits';
import type { SitemapMode } from '../../core/api/scrape-request';
import { answeredStep, patternsOf, wholeIn, type ContentChoice, type CrawlChoices } from '../../core/jobs/choices';
import type { AskedStep } from '../../core/jobs/flow';
import { inertLabel } from '../../core/text/inert';
import { inputError, mapOutcome, onlyOutcome, showInput, showPick, type InputCheck, type Outcome, type PickItem, type StepFrame } from '../../platform/step-inputs';
import { urlCheck } from '../scrape/url-input';
import { words } from './words';

type Answer = Outcome<CrawlChoices>;


const map = <T>(outcome: Outcome<T>, apply: (value: T) => CrawlChoices): Answer => mapOutcome(outcome, apply);

function patternsCheck(value: string): InputCheck {
  const problems = patternsOf(value).map(pathPatternProblem).filter((p): p is string => p !== undefined);
  // The problem quotes what was typed: the box's message is plain text.
  return problems.length > 0 ? { ok: false, message: inputError(inertLabel(problems.join(' '), 500)) } : { ok: true };
}

export async function showCrawlStep(step: AskedStep, c: CrawlChoices, frame: StepFrame): Promise<Answer> {
  const set = (patch: Partial<Omit<CrawlChoices, 'rest'>>): CrawlChoices => answeredStep(c, step, patch);
  switch (step) {
    case 'url':
      return map(await showInput(frame, { value: c.url, prompt: words.urlPrompt(), placeholder: 'https://docs.example.com', check: urlCheck }), (url) => set({ url: url.trim() }));
    case 'limit':
      return map(await showInput(frame, {
        value: String(c.limit), prompt: words.limitPrompt(MAX_CRAWL_LIMIT),
        check: (value) => {
          const checked = wholeIn(value, 1, MAX_CRAWL_LIMIT);
          return checked.ok ? { ok: true } : { ok: false, message: inputError(checked.problem === 'range' ? words.limitRange(MAX_CRAWL_LIMIT) : words.wholeNumber()) };
        },
      }), (value) => {
        const checked = wholeIn(value, 1, MAX_CRAWL_LIMIT);
        return checked.ok ? set({ limit: checked.value }) : c;
      });
    case 'include':
      return map(await showInput(frame, { value: c.includePaths.join(' '), prompt: words.includePrompt(), placeholder: '^/docs/', check: patternsCheck }),
        (value) => set({ includePaths: patternsOf(value) }));
    case 'exclude':
      return map(await showInput(frame, { value: c.excludePaths.join(' '), prompt: words.excludePrompt(), placeholder: '^/blog/', check: patternsCheck }),
        (value) => set({ excludePaths: patternsOf(value) }));
    case 'depth':
      return map(await showInput(frame, {
        value: c.maxDiscoveryDepth === undefined ? '' : String(c.maxDiscoveryDepth), prompt: words.depthPrompt(),
        check: (value) => (value.trim() === '' || wholeIn(value, 0, 100).ok ? { ok: true } : { ok: false, message: inputError(words.depthRange()) }),
      }), (value) => {
        const checked = wholeIn(value, 0, 100);
        return set({ maxDiscoveryDepth: checked.ok ? checked.value : undefined });
      });
    case 'sitemap': {
      const items: Array<PickItem<SitemapMode | 'default'>> = [
        { value: 'default', label: words.sitemapDefault() },
        { value: 'include', label: words.sitemapInclude(), description: 'include' },
        { value: 'skip', label: words.sitemapSkip(), description: 'skip' },
        { value: 'only', label: words.sitemapOnly(), description: 'only' },
      ];
      return map(onlyOutcome(await showPick<SitemapMode | 'default'>(frame, { placeholder: words.sitemapPlaceholder(), items, active: c.sitemap ?? 'default' })),
        (value) => set({ sitemap: value === 'default' ? undefined : value }));
    }
    case 'reach': {
      const items: Array<PickItem<'allowSubdomains' | 'allowExternalLinks'>> = [
        { value: 'allowSubdomains', label: words.subdomains(), description: 'allowSubdomains' },
        { value: 'allowExternalLinks', label: words.externalLinks(), description: 'allowExternalLinks' },
      ];
      const selected = items.map((item) => item.value).filter((field) => c[field]);
      return map(await showPick(frame, { placeholder: words.reachPlaceholder(), items, many: true, selected }),
        (values) => set({ allowSubdomains: values.includes('allowSubdomains'), allowExternalLinks: values.includes('allowExternalLinks') }));
    }
    case 'content': {
      type Content = { content: ContentChoice; onlyMainContent: boolean };
      const items: Array<PickItem<Content>> = [
        { value: { content: 'markdown', onlyMainContent: true }, label: words.contentMarkdown(), description: 'markdown' },
        { value: { content: 'markdown', onlyMainContent: false }, label: words.contentWholePage(), description: 'markdown, onlyMainContent: false' },
        { value: { content: 'markdown+links', onlyMainContent: c.onlyMainContent }, label: words.contentLinks(), description: 'markdown, links' },
        { value: { content: 'markdown+summary', onlyMainContent: c.onlyMainContent }, label: words.contentSummary(), description: 'markdown, summary' },
      ];
      const active = items.find((item) => item.value.content === c.content && (c.content !== 'markdown' || item.value.onlyMainContent === c.onlyMainContent))?.value;
      return map(onlyOutcome(await showPick(frame, { placeholder: words.contentPlaceholder(), items, active })), (value) => set(value));
    }
    case 'retention':
      return map(onlyOutcome(await showPick(frame, {
        placeholder: words.retentionPlaceholder(), active: c.zeroDataRetention,
        items: [{ value: false, label: words.retentionOff() }, { value: true, label: words.retentionOn(), description: 'zeroDataRetention' }],
      })), (zeroDataRetention) => set({ zeroDataRetention }));
  }
}
