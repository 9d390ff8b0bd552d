// Generated at bundle time by scripts/run-host-tests.mjs: require()s every suite file in order.
declare module 'virtual:host-suites' {
  export function loadSuites(): void;
}
