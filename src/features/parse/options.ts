// webData.parseWithOptions ("Parse with Options…"): for a PDF, how the service reads it (fast,
// auto, OCR), the most pages, whether each page's start is marked; for any file, zero data
// retention; then a review: the options as they will be sent and the price (this person's own
// parses of the same kind, or unknown until the first one), Enter to upload, or a field to change
// it. Each step has Back. The file's consent and upload are Open as Markdown's (./index.ts).
import type * as vscode from 'vscode';
import type { ParseOptions } from '../../core/api/parse-request';
import { PDF_MODES, type PdfMode } from '../../core/parse/pdf-modes';
import { extensionOf } from '../../core/parse/files';
import { parseOptionsFor, parseShape, type ParseChoices } from '../../core/parse/options';
import { checkWholeNumber } from '../../core/scrape/options';
import { inertQuickPick } from '../../core/text/inert';
import { runReviewedSteps, type StepPlace } from '../../core/step-flow';
import { inputError, mapOutcome, onlyOutcome, showInput, showPick, showReview, type Outcome, type PickItem, type StepFrame } from '../../platform/step-inputs';
import { words } from './words';

type Step = 'mode' | 'maxPages' | 'pages' | 'retention';
const PDF_STEPS: readonly Step[] = ['mode', 'maxPages', 'pages', 'retention'];
const OTHER_STEPS: readonly Step[] = ['retention'];
const MAX_PAGES = 10_000;

export interface ParseOptionsContext {
  fileName: string;
  defaults: ParseChoices;
  /** The price in words for a shape (the person's own parses of that kind). */
  price(shape: string): Promise<string>;
  own(d: vscode.Disposable): vscode.Disposable;
}

/** Runs the steps to the review; resolves with the choices to upload with, or undefined. */
export function runParseWithOptions(context: ParseOptionsContext): Promise<ParseChoices | undefined> {
  const steps = extensionOf(context.fileName) === 'pdf' ? PDF_STEPS : OTHER_STEPS;
  const frame = (place: StepPlace): StepFrame => ({ ...place, title: `${words.optionsTitle()}: ${inertQuickPick(context.fileName, 80)}`, own: (d) => context.own(d) });
  return runReviewedSteps({
    steps,
    choices: context.defaults,
    ask: (step, choices, place) => showStep(step, choices, frame(place)),
    review: async (choices, place) => {
      const options = parseOptionsFor(context.fileName, choices);
      return reviewOptions(options, steps, await context.price(parseShape(context.fileName, options)), frame(place));
    },
  });
}

function showStep(step: Step, c: ParseChoices, frame: StepFrame): Promise<Outcome<ParseChoices>> {
  switch (step) {
    case 'mode': {
      const labels: Record<PdfMode, string> = { fast: words.modeFast(), auto: words.modeAuto(), ocr: words.modeOcr() };
      const items: Array<PickItem<PdfMode>> = PDF_MODES.map((value) => ({ value, label: labels[value], description: `mode: "${value}"` }));
      return showPick(frame, { placeholder: words.modePlaceholder(), items, active: c.pdfMode }).then((o) => mapOutcome(onlyOutcome(o), (pdfMode) => ({ ...c, pdfMode })));
    }
    case 'maxPages':
      return showInput(frame, {
        value: c.maxPages > 0 ? String(c.maxPages) : '', prompt: words.maxPagesPrompt(), placeholder: '0',
        check: (value) => (checkWholeNumber(value, MAX_PAGES).ok ? { ok: true } : { ok: false, message: inputError(words.maxPagesBad()) }),
      }).then((o) => mapOutcome(o, (value) => {
        const checked = checkWholeNumber(value, MAX_PAGES);
        return checked.ok ? { ...c, maxPages: checked.value } : c;
      }));
    case 'pages':
      return showPick(frame, {
        placeholder: words.pagesPlaceholder(), active: c.pages,
        items: [{ value: true, label: words.pagesYes(), description: 'pages: true' }, { value: false, label: words.pagesNo() }],
      }).then((o) => mapOutcome(onlyOutcome(o), (pages) => ({ ...c, pages })));
    case 'retention':
      return showPick(frame, {
        placeholder: words.retentionPlaceholder(), active: c.zeroDataRetention,
        items: [{ value: false, label: words.retentionStandard() }, { value: true, label: words.retentionZero(), description: 'zeroDataRetention: true' }],
      }).then((o) => mapOutcome(onlyOutcome(o), (zeroDataRetention) => ({ ...c, zeroDataRetention })));
  }
}

/** The options as they will be sent, the price, Enter to upload; a field picked goes back to its step. */
function reviewOptions(options: ParseOptions, steps: readonly Step[], price: string, frame: StepFrame): Promise<Outcome<'send' | Step>> {
  const pdf = options.parsers?.[0];
  const fields: Record<Step, [string, unknown]> = {
    mode: ['parsers[0].mode', pdf?.mode],
    maxPages: ['parsers[0].maxPages', pdf?.maxPages],
    pages: ['parsers[0].pages', pdf?.pages],
    retention: ['zeroDataRetention', options.zeroDataRetention],
  };
  return showReview(frame, {
    send: { label: `$(cloud-upload) ${words.send()}`, description: price, detail: inertQuickPick(JSON.stringify(options), 1000) },
    separator: words.reviewSeparator(), placeholder: words.reviewPlaceholder(), notSent: words.notSent(),
    fields: steps.map((step) => ({ step, label: fields[step][0], value: fields[step][1] })),
  });
}
