// Types for npm-progress.mjs (used from the TypeScript unit tests).
export declare function npmStepOf(logText: string): string | undefined;
export declare function npmProgressLine(logText: string): string;
