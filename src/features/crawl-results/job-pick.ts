// The palette's Open Crawl Results and Cancel Crawl, run with no job: a list of the jobs this
// window knows (src/core/crawls/known-jobs.ts), filtered as the person types; a pasted job id
// (a UUID) is offered as its own first row, so a job known nowhere here still opens.
import * as vscode from 'vscode';
import { isJobId, type JobRef } from '../../core/crawls/job';
import type { KnownJob } from '../../core/crawls/known-jobs';
import { inertQuickPick } from '../../core/text/inert';
import { showQuickInput } from '../../platform/quick-inputs';
import { jobPickWords, knownJobWords } from './words';

interface JobItem extends vscode.QuickPickItem {
  ref: JobRef;
}

export function pickJob(jobs: readonly KnownJob[], purpose: 'open' | 'cancel'): Promise<JobRef | undefined> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick<JobItem>();
    pick.title = purpose === 'open' ? jobPickWords.openTitle() : jobPickWords.cancelTitle();
    pick.placeholder = jobs.length > 0 ? jobPickWords.placeholder() : jobPickWords.noneKnown();
    pick.matchOnDescription = true;
    pick.matchOnDetail = true;
    const known: JobItem[] = jobs.map((job) => {
      const words = knownJobWords(job);
      return { ref: job.ref, label: inertQuickPick(words.label, 200), description: words.description, detail: job.ref.id };
    });
    pick.items = known;
    let chosen: JobRef | undefined;
    const listeners = [
      pick.onDidChangeValue((value) => {
        const id = value.trim().toLowerCase();
        const typed = isJobId(id) && !known.some((item) => item.ref.id === id)
          ? [{ ref: { id, kind: 'crawl' as const }, label: id, description: jobPickWords.typed(), alwaysShow: true }]
          : [];
        pick.items = [...typed, ...known];
      }),
      pick.onDidAccept(() => {
        chosen = pick.selectedItems[0]?.ref;
        if (chosen !== undefined) pick.hide();
      }),
      pick.onDidHide(() => {
        for (const listener of listeners) listener.dispose();
        pick.dispose();
        resolve(chosen);
      }),
    ];
    showQuickInput(pick);
  });
}
