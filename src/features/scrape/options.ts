// webData.scrapeWithOptions ("Scrape with Options…"): the address, then one step per option
// (formats, main content only, cache age, wait for rendering, mobile, tags to keep and to leave
// out, zero data retention), each with Back, then a review: the request as it will be sent, the
// price (this person's own scrapes of the same shape, or unknown until the first one), Enter to
// send, or a field to change it. The quick inputs are Search with Options' (../search/advanced/inputs).
import type * as vscode from 'vscode';
import { checkWholeNumber, choicesFromRequest, defaultScrapeChoices, MAX_AGE_MINUTES, MAX_WAIT_FOR_MS, parseTags, SCRAPE_FORMAT_CHOICES, scrapeBody, scrapePriceOf, scrapeShape, type ScrapeChoices, type ScrapeFormatChoice, type ScrapePrice } from '../../core/scrape/options';
import type { ScrapeRequest } from '../../core/api';
import { checkUrl } from '../../core/scrape/url-check';
import { inertQuickPick } from '../../core/text/inert';
import { scrapeSettings } from '../../platform/settings';
import { runReviewedSteps, type StepPlace } from '../../core/step-flow';
import { inputError, mapOutcome, onlyOutcome, showInput, showPick, showReview, type Outcome, type PickItem, type StepFrame } from '../../platform/step-inputs';
import { optionWords, refusalWords } from './words';

const STEPS = ['url', 'formats', 'mainContent', 'maxAge', 'waitFor', 'mobile', 'includeTags', 'excludeTags', 'retention'] as const;
type Step = (typeof STEPS)[number];

/** Each step and the body fields it sets, for the review's rows. */
const FIELDS: ReadonlyArray<[Step, string]> = [
  ['url', 'url'], ['formats', 'formats'], ['mainContent', 'onlyMainContent'], ['maxAge', 'maxAge'], ['waitFor', 'waitFor'],
  ['mobile', 'mobile'], ['includeTags', 'includeTags'], ['excludeTags', 'excludeTags'], ['retention', 'zeroDataRetention'],
];

export interface OptionsContext {
  /** The kept pages' rows, newest first: the price reads the person's scrapes among them. */
  pages(): Promise<ReadonlyArray<{ askedBy: string; creditsUsed?: number; shape?: string }>>;
  /** Sends the request (the address checked and confirmed there), opening its tab. */
  send(url: string, options: Record<string, unknown>): Promise<unknown>;
  own(d: vscode.Disposable): vscode.Disposable;
}

type Answer = Outcome<ScrapeChoices>;

const map = <T>(outcome: Outcome<T>, apply: (value: T) => ScrapeChoices): Answer => mapOutcome(outcome, apply);

/**
 * Runs the steps from `given` (an address to prefill, or a whole request, which goes straight to the
 * review with its options chosen) to the review; resolves with what the send resolves to, or undefined.
 */
export async function runScrapeWithOptions(context: OptionsContext, given: string | ScrapeRequest | undefined): Promise<unknown> {
  const defaults = defaultScrapeChoices(typeof given === 'string' ? given : '', scrapeSettings());
  const frame = (place: StepPlace): StepFrame => ({ ...place, title: optionWords.title(), own: (d) => context.own(d) });
  const choices = await runReviewedSteps({
    steps: STEPS,
    choices: typeof given === 'object' ? choicesFromRequest(given, defaults) : defaults,
    atReview: typeof given === 'object',
    ask: (step, c, place) => showStep(step, c, frame(place)),
    review: async (c, place) => reviewRequest(c, scrapePriceOf(scrapeShape(scrapeBody(c)), await context.pages()), frame(place)),
  });
  if (!choices) return undefined;
  const { url: sent, ...options } = scrapeBody(choices);
  return context.send(sent, options);
}

function showStep(step: Step, c: ScrapeChoices, frame: StepFrame): Promise<Answer> {
  switch (step) {
    case 'url':
      return showInput(frame, {
        value: c.url, prompt: optionWords.urlPrompt(), placeholder: 'https://example.com/page',
        check: (value, accepting) => {
          const checked = checkUrl(value);
          if (checked.ok) return { ok: true };
          return { ok: false, message: accepting || checked.refusal.kind !== 'empty' ? inputError(refusalWords(checked.refusal)) : undefined };
        },
      }).then((o) => map(o, (url) => ({ ...c, url: url.trim() })));
    case 'formats': {
      const items: Array<PickItem<ScrapeFormatChoice>> = SCRAPE_FORMAT_CHOICES.map((value) => ({ value, label: optionWords.format(value), description: value }));
      return showPick(frame, { placeholder: optionWords.formatsPlaceholder(), items, many: true, selected: c.formats,
        refuse: (values) => (values.length === 0 ? optionWords.formatsNone() : undefined) }).then((o) => map(o, (formats) => ({ ...c, formats })));
    }
    case 'mainContent':
      return showPick(frame, {
        placeholder: optionWords.mainContentPlaceholder(), active: c.onlyMainContent,
        items: [{ value: true, label: optionWords.mainContentOnly(), description: 'onlyMainContent: true' }, { value: false, label: optionWords.wholePage(), description: 'onlyMainContent: false' }],
      }).then((o) => map(onlyOutcome(o), (onlyMainContent) => ({ ...c, onlyMainContent })));
    case 'maxAge':
      return showInput(frame, {
        value: String(c.maxAgeMinutes), prompt: optionWords.maxAgePrompt(),
        check: (value) => numberCheck(value, MAX_AGE_MINUTES),
      }).then((o) => map(o, (value) => ({ ...c, maxAgeMinutes: wholeNumber(value, MAX_AGE_MINUTES, c.maxAgeMinutes) })));
    case 'waitFor':
      return showInput(frame, {
        value: c.waitFor > 0 ? String(c.waitFor) : '', prompt: optionWords.waitForPrompt(), placeholder: '0',
        check: (value) => numberCheck(value, MAX_WAIT_FOR_MS),
      }).then((o) => map(o, (value) => ({ ...c, waitFor: wholeNumber(value, MAX_WAIT_FOR_MS, c.waitFor) })));
    case 'mobile':
      return showPick(frame, {
        placeholder: optionWords.mobilePlaceholder(), active: c.mobile,
        items: [{ value: false, label: optionWords.desktop() }, { value: true, label: optionWords.mobile(), description: 'mobile: true' }],
      }).then((o) => map(onlyOutcome(o), (mobile) => ({ ...c, mobile })));
    case 'includeTags':
    case 'excludeTags': {
      const key = step;
      return showInput(frame, {
        value: c[key].join(', '), placeholder: key === 'includeTags' ? 'article, .content' : 'nav, .ads, #footer',
        prompt: key === 'includeTags' ? optionWords.includeTagsPrompt() : optionWords.excludeTagsPrompt(),
        check: (value) => {
          const parsed = parseTags(value);
          return parsed.ok ? { ok: true } : { ok: false, message: inputError(optionWords.badTag(parsed.bad)) };
        },
      }).then((o) => map(o, (value) => {
        const parsed = parseTags(value);
        return parsed.ok ? { ...c, [key]: parsed.tags } : c;
      }));
    }
    case 'retention':
      return showPick(frame, {
        placeholder: optionWords.retentionPlaceholder(), active: c.zeroDataRetention,
        items: [{ value: false, label: optionWords.standard() }, { value: true, label: optionWords.zeroRetention(), description: 'zeroDataRetention: true', detail: optionWords.zeroRetentionDetail() }],
      }).then((o) => map(onlyOutcome(o), (zeroDataRetention) => ({ ...c, zeroDataRetention })));
  }
}

function numberCheck(value: string, max: number): { ok: boolean; message?: vscode.InputBoxValidationMessage } {
  const checked = checkWholeNumber(value, max);
  if (checked.ok) return { ok: true };
  return { ok: false, message: inputError(checked.problem === 'range' ? optionWords.tooLarge(max) : optionWords.notANumber()) };
}

function wholeNumber(value: string, max: number, fallback: number): number {
  const checked = checkWholeNumber(value, max);
  return checked.ok ? checked.value : fallback;
}

/** The request as it will be sent, the price, Enter to send; a field picked goes back to its step. */
function reviewRequest(c: ScrapeChoices, price: ScrapePrice, frame: StepFrame): Promise<Outcome<'send' | Step>> {
  const body: Record<string, unknown> = scrapeBody(c);
  return showReview(frame, {
    send: { label: `$(cloud-download) ${optionWords.send()}`, description: optionWords.price(price), detail: inertQuickPick(JSON.stringify(body), 1000) },
    separator: optionWords.reviewSeparator(), placeholder: optionWords.reviewPlaceholder(), notSent: optionWords.notSent(),
    fields: FIELDS.map(([step, field]) => ({ step, label: field, value: body[field] })),
  });
}
