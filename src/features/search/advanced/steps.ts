// The steps of advanced search in quick inputs: each shows the current choice, checks what is
// typed with the core's checks, and answers with the choices changed. The order, numbering and
// Back are the core's (src/core/search/advanced/flow.ts); the review is in review.ts.
import * as vscode from 'vscode';
import type { CategoryType, SourceType } from '../../../core/api/request-types';
import type { AdvancedChoices, RetentionChoice } from '../../../core/search/advanced/choices';
import { checkHostnames, checkLimit } from '../../../core/search/advanced/checks';
import type { AskedStep } from '../../../core/search/advanced/flow';
import { checkDateRange, formatDateRange, PRESET_RANGES, type TimeRange } from '../../../core/search/advanced/time';
import { countries } from '../../../core/search/countries';
import type { ScrapeFormatsChoice } from '../../../core/search/request';
import { queryValidation } from '../query-box';
import { inputError, mapOutcome, onlyOutcome, showInput, showPick, type Outcome, type PickItem, type StepFrame } from '../../../platform/step-inputs';
import { operatorButton, runInsertOperator, trackQueryBox } from './operator-picker';
import { dateRangeProblem } from './words';
import { showQuickInput } from '../../../platform/quick-inputs';

type Answer = Outcome<AdvancedChoices>;

const map = <T>(outcome: Outcome<T>, apply: (value: T) => AdvancedChoices): Answer => mapOutcome(outcome, apply);

export async function showStep(step: AskedStep, c: AdvancedChoices, frame: StepFrame): Promise<Answer> {
  switch (step) {
    case 'query':
      return map(await queryStep(c, frame), (query) => ({ ...c, query }));
    case 'sources': {
      const items: Array<PickItem<SourceType>> = [
        { value: 'web', label: vscode.l10n.t('Web'), description: vscode.l10n.t('pages') },
        { value: 'images', label: vscode.l10n.t('Images'), description: vscode.l10n.t('with their size; imagesize: and larger: filter them') },
        { value: 'news', label: vscode.l10n.t('News'), description: vscode.l10n.t('articles with their date') },
      ];
      return map(await showPick(frame, { placeholder: vscode.l10n.t('Sources to search (several at once; the limit counts per source)'), items, many: true, selected: c.sources,
        refuse: (values) => (values.length === 0 ? vscode.l10n.t('Pick at least one source') : undefined) }), (sources) => ({ ...c, sources }));
    }
    case 'limit':
      return map(await showInput(frame, {
        value: String(c.limit), prompt: vscode.l10n.t('Results per source, from 1 to 100'),
        check: (value) => {
          const checked = checkLimit(value);
          return checked.ok ? { ok: true } : { ok: false, message: inputError(checked.problem === 'range' ? vscode.l10n.t('The limit is from 1 to 100.') : vscode.l10n.t('Type a whole number, such as 10.')) };
        },
      }), (value) => ({ ...c, limit: Number(value.trim()) }));
    case 'categories': {
      const items: Array<PickItem<CategoryType>> = [
        { value: 'code_hosting', label: vscode.l10n.t('Code hosting'), description: 'code_hosting', detail: vscode.l10n.t('Repositories, code, issues and documentation on code-hosting sites') },
        { value: 'research', label: vscode.l10n.t('Research'), description: 'research', detail: vscode.l10n.t('Academic and research sites') },
        { value: 'pdf', label: vscode.l10n.t('PDF'), description: 'pdf', detail: vscode.l10n.t('PDF documents') },
      ];
      return map(await showPick(frame, { placeholder: vscode.l10n.t('Categories to keep (none ticked: no category filtering)'), items, many: true, selected: c.categories }),
        (categories) => ({ ...c, categories }));
    }
    case 'time': {
      const names: Record<(typeof PRESET_RANGES)[number], string> = { h: vscode.l10n.t('Past hour'), d: vscode.l10n.t('Past day'), w: vscode.l10n.t('Past week'), m: vscode.l10n.t('Past month'), y: vscode.l10n.t('Past year') };
      const items: Array<PickItem<string>> = [
        { value: 'any', label: vscode.l10n.t('Any time') },
        ...PRESET_RANGES.map((range) => ({ value: range, label: names[range], description: `qdr:${range}` })),
        { value: 'custom', label: vscode.l10n.t('Custom range…'), description: 'cdr:1', detail: vscode.l10n.t('From one date to another, MM/DD/YYYY') },
      ];
      const active = c.time.range.kind === 'preset' ? c.time.range.range : c.time.range.kind;
      return map(onlyOutcome(await showPick(frame, { placeholder: vscode.l10n.t('Time range of the results'), items, active })), (value) => {
        const previous = c.time.range;
        const range: TimeRange = value === 'any' ? { kind: 'any' }
          : value === 'custom' ? (previous.kind === 'custom' ? previous : { kind: 'custom', start: '', end: '' })
            : { kind: 'preset', range: value as (typeof PRESET_RANGES)[number] };
        return { ...c, time: { ...c.time, range } };
      });
    }
    case 'dates': {
      const range = c.time.range;
      return map(await showInput(frame, {
        value: range.kind === 'custom' && range.start !== '' ? formatDateRange(range.start, range.end) : '',
        prompt: vscode.l10n.t('Custom range: start - end, as MM/DD/YYYY - MM/DD/YYYY'), placeholder: '03/01/2025 - 03/31/2025',
        check: (value, accepting) => {
          const checked = checkDateRange(value);
          if (checked.ok) return { ok: true };
          // The form is only wrong once typed out; a date being typed is not an error yet.
          return { ok: false, message: accepting || checked.problem !== 'format' ? inputError(dateRangeProblem(checked)) : undefined };
        },
      }), (value) => {
        const checked = checkDateRange(value);
        return checked.ok ? { ...c, time: { ...c.time, range: { kind: 'custom', start: checked.start, end: checked.end } } } : c;
      });
    }
    case 'sort':
      return map(onlyOutcome(await showPick(frame, {
        placeholder: vscode.l10n.t('Order of the results'), active: c.time.sortByDate,
        items: [{ value: false, label: vscode.l10n.t('Most relevant first') }, { value: true, label: vscode.l10n.t('Newest first'), description: 'sbd:1' }],
      })), (sortByDate) => ({ ...c, time: { ...c.time, sortByDate } }));
    case 'domains':
      return map(onlyOutcome(await showPick(frame, {
        placeholder: vscode.l10n.t('Domains: only some, or all but some (not both)'), active: c.domains.mode,
        items: [
          { value: 'none' as const, label: vscode.l10n.t('All domains') },
          { value: 'include' as const, label: vscode.l10n.t('Only these domains…'), description: 'includeDomains' },
          { value: 'exclude' as const, label: vscode.l10n.t('All but these domains…'), description: 'excludeDomains' },
        ],
      })), (mode) => ({ ...c, domains: mode === 'none' ? { mode } : { mode, hostnames: c.domains.mode === 'none' ? [] : c.domains.hostnames } }));
    case 'hostnames':
      return map(await showInput(frame, {
        value: c.domains.mode === 'none' ? '' : c.domains.hostnames.join(', '),
        prompt: c.domains.mode === 'include' ? vscode.l10n.t('Search only these hostnames (commas between), e.g. docs.example.com, example.org')
          : vscode.l10n.t('Leave out these hostnames (commas between), e.g. example.com'),
        check: (value, accepting) => {
          const checked = checkHostnames(value);
          if (checked.ok) return { ok: true };
          if (checked.empty) return { ok: false, message: accepting ? inputError(vscode.l10n.t('Type at least one hostname, or go back and pick All domains.')) : undefined };
          return { ok: false, message: inputError(checked.messages.join(' ')) };
        },
      }), (value) => {
        const checked = checkHostnames(value);
        return checked.ok && c.domains.mode !== 'none' ? { ...c, domains: { mode: c.domains.mode, hostnames: checked.hostnames } } : c;
      });
    case 'location':
      return map(await showInput(frame, {
        value: c.location, placeholder: 'Berlin,Germany',
        prompt: vscode.l10n.t('Location: place names, most specific first, commas between (empty for none). With the country next, geo-targeting is best.'),
        check: () => ({ ok: true }),
      }), (value) => ({ ...c, location: value.trim() }));
    case 'country': {
      const items = countries(vscode.env.language).map(({ code, name }) => ({ value: code, label: name, description: code }));
      return map(onlyOutcome(await showPick(frame, { placeholder: vscode.l10n.t('Country to search from (ISO code; the service\'s default is US)'), items, active: c.country })),
        (country) => ({ ...c, country }));
    }
    case 'content': {
      const items: Array<PickItem<ScrapeFormatsChoice>> = [
        { value: 'none', label: vscode.l10n.t('No page content'), detail: vscode.l10n.t('Title, URL and description of each result') },
        { value: 'markdown', label: vscode.l10n.t('Markdown'), detail: vscode.l10n.t('The full page of each result as markdown') },
        { value: 'summary', label: vscode.l10n.t('Summary'), detail: vscode.l10n.t('A condensed text of each result') },
        { value: 'markdown+summary', label: vscode.l10n.t('Markdown and summary') },
      ];
      return map(onlyOutcome(await showPick(frame, { placeholder: vscode.l10n.t('Scraped content with each result'), items, active: c.content })), (content) => ({ ...c, content }));
    }
    case 'retention': {
      const note = vscode.l10n.t('Must be enabled for your team.');
      const items: Array<PickItem<RetentionChoice>> = [
        { value: 'none', label: vscode.l10n.t('Standard') },
        { value: 'anon', label: vscode.l10n.t('Anonymized zero data retention'), description: 'anon', detail: `${vscode.l10n.t('2 credits per 10 results.')} ${note}` },
        { value: 'zdr', label: vscode.l10n.t('Zero data retention, end to end'), description: 'zdr', detail: `${vscode.l10n.t('10 credits per 10 results.')} ${note}` },
      ];
      return map(onlyOutcome(await showPick(frame, { placeholder: vscode.l10n.t('Zero data retention'), items, active: c.retention })), (retention) => ({ ...c, retention }));
    }
    case 'invalidUrls':
      return map(onlyOutcome(await showPick(frame, {
        placeholder: vscode.l10n.t('Results whose URLs other endpoints of the service cannot use'), active: c.ignoreInvalidURLs,
        items: [{ value: false, label: vscode.l10n.t('Keep them') }, { value: true, label: vscode.l10n.t('Drop them'), description: 'ignoreInvalidURLs' }],
      })), (ignoreInvalidURLs) => ({ ...c, ignoreInvalidURLs }));
  }
}

/** The query, with the operator button and webData.insertOperator reaching the box. */
function queryStep(c: AdvancedChoices, frame: StepFrame): Promise<Outcome<string>> {
  return showInput(frame, {
    value: c.query, prompt: '', placeholder: vscode.l10n.t('What to search for, e.g. stream processing "backpressure" site:example.com -beta'),
    check: (value, accepting) => {
      const { state, message } = queryValidation(value, c.sources, accepting);
      return { ok: state.acceptable, message, prompt: state.prompt };
    },
    setup: (box, { update, suspend }) => {
      box.buttons = [...box.buttons, operatorButton()];
      const tracking = trackQueryBox({
        get value() { return box.value; },
        suspend: () => suspend(true),
        resume: (change) => {
          suspend(false);
          if (change) { box.value = change.value; box.valueSelection = change.selection; }
          update();
          showQuickInput(box);
        },
      });
      const button = box.onDidTriggerButton((b) => {
        if (b !== vscode.QuickInputButtons.Back) void runInsertOperator(undefined, () => Promise.resolve(undefined));
      });
      return vscode.Disposable.from(tracking, button);
    },
  });
}
