// Types for host-progress.mjs (used from test/host/index.ts and the TypeScript unit tests).
export type ProgressEvent =
  | { event: 'start'; total: number }
  | { event: 'begin'; title: string; timeoutMs: number | undefined }
  | { event: 'end'; title: string };

export declare const PROGRESS_PREFIX: string;
export declare const DEFAULT_START_MS: number;
export declare const DEFAULT_GRACE_MS: number;
export declare const UNTIMED_RUNNABLE_MS: number;

export declare function progressLine(event: ProgressEvent): string;
export declare function parseProgress(line: unknown): ProgressEvent | undefined;

export interface StallTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export declare class StallWatch {
  constructor(options: { onStall: (reason: string) => void; startMs?: number; graceMs?: number; timers?: StallTimers });
  readonly stalled: boolean;
  readonly finished: number;
  feed(event: ProgressEvent | undefined): void;
  progress(): string;
  stop(): void;
}
