// Types for vscode-versions.mjs (used from the TypeScript unit tests).
export interface VsCodeVersion {
  name: 'floor' | 'latest';
  vscode: string;
  pinDir: string;
  serverDir: string;
  nodePinDir?: string;
}
export declare const VSCODE_VERSIONS: readonly VsCodeVersion[];
export declare function selectedVersions(env?: Record<string, string | undefined>): VsCodeVersion[];
export declare function versionsForArgs(argv: readonly string[], env?: Record<string, string | undefined>): VsCodeVersion[];
export declare function versionNamed(name: string): VsCodeVersion;
export declare function serverMainOf(version: VsCodeVersion): string;
export declare function pinnedNodeDirOf(version: VsCodeVersion): string;
export declare function serverNodeOf(version: VsCodeVersion): string;
