// Types for stack.mjs (used from the TypeScript e2e tests).
import type { Emulator } from '../../test/emulator/index';

export interface VsCodeServer {
  readonly port: number;
  readonly url: string;
  readonly pid: number | undefined;
  readonly exited: Promise<number | string | null>;
  output(): string;
  stop(): Promise<void>;
}

export interface Stack {
  readonly emulator: Emulator;
  readonly server: VsCodeServer;
  /** The folder the workbench opens. */
  readonly workspace: string;
  readonly workbenchUrl: string;
  /** True once stop() has begun (by a call or a signal). */
  readonly stopping: boolean;
  stop(): Promise<void>;
}

export declare const VSIX: string;
export declare function packageExtension(): string;
export declare function packageSecretsHelper(runDir: string): Promise<string>;
export declare function startStack(options: {
  home: string;
  serverPort?: number;
  emulatorPort?: number;
  log?: (message: string) => void;
  exitCodeOnSignal?: number;
  /** Default true: the extension stores the emulator's demo key at activation. */
  storeApiKey?: boolean;
  /** More machine settings (the server-side layer a browser workbench reads), over the stack's own. */
  settings?: Record<string, unknown>;
  /** The VS Code server may lack the native modules it runs without (`npm run sandbox`). */
  sandboxOnly?: boolean;
  /** Which pinned VS Code server (scripts/lib/vscode-versions.mjs); default the floor. */
  vscode?: 'floor' | 'latest';
  /** Folders of built extensions copied into the server's extensions folder beside Web Data. */
  extraExtensions?: string[];
}): Promise<Stack>;
