// Before a file leaves the machine, the person agrees: a modal naming the file, its size, the
// service's host and the price, the first time for each file; "don't ask again in this workspace"
// agrees for every file of it. The answers live in the workspace's state (this workspace only,
// never another's). Host tests answer the modal through `answer` (extension mode Test only).
import * as vscode from 'vscode';

const CONSENT_KEY = 'webData.parseConsent';

interface Consent {
  all?: true;
  /** The files agreed to, by their path in the workspace. */
  files?: string[];
}

/** How many agreed files a workspace remembers; the oldest go first. */
const MAX_FILES = 500;

export interface ConsentQuestion {
  message: string;
  detail: string;
  upload: string;
  uploadAlways: string;
}

export type ConsentAnswer = (question: ConsentQuestion) => string | undefined;

export class UploadConsent {
  /** Host tests answer the modal here (read only under ExtensionMode.Test). */
  answer: ConsentAnswer | undefined;

  /** `underTest`: VS Code runs the extension under test, and `answer` may stand in for the modal. */
  constructor(private readonly state: vscode.Memento, private readonly underTest: boolean) {}

  private read(): Consent {
    const value = this.state.get<unknown>(CONSENT_KEY);
    if (typeof value !== 'object' || value === null) return {};
    const { all, files } = value as { all?: unknown; files?: unknown };
    return { ...(all === true ? { all: true as const } : {}), ...(Array.isArray(files) ? { files: files.filter((f): f is string => typeof f === 'string') } : {}) };
  }

  /** Whether the person already agreed for this file (or the whole workspace). */
  given(file: string): boolean {
    const consent = this.read();
    return consent.all === true || (consent.files ?? []).includes(file);
  }

  /** Asks unless agreed already; true when the file may be uploaded. */
  async ask(file: string, question: ConsentQuestion): Promise<boolean> {
    if (this.given(file)) return true;
    const choice = this.underTest && this.answer
      ? this.answer(question)
      : await vscode.window.showWarningMessage(question.message, { modal: true, detail: question.detail }, question.upload, question.uploadAlways);
    if (choice !== question.upload && choice !== question.uploadAlways) return false;
    const consent = this.read();
    const next: Consent = choice === question.uploadAlways
      ? { ...consent, all: true }
      : { ...consent, files: [...(consent.files ?? []).filter((f) => f !== file), file].slice(-MAX_FILES) };
    await this.state.update(CONSENT_KEY, next);
    return true;
  }

  /** Forgets every answer (host tests start each case from none). */
  async reset(): Promise<void> {
    await this.state.update(CONSENT_KEY, undefined);
  }
}
