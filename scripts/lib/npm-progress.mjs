// What an npm install running in the background is doing, from its log, for a progress line a
// person reads: the lifecycle step it is at ("> node-pty@1.1.0 install" in the log), never the
// compiler's warnings and notes that node-gyp prints while building a native module, which are
// noise to someone waiting and alarming out of context. The whole log stays in its file.

/** The package and step an npm log is at (`node-pty@1.1.0 install`), or undefined before the first. */
export function npmStepOf(logText) {
  const steps = logText.split('\n').map((line) => line.trim()).filter((line) => /^> \S+@\S+ [a-z]+$/.test(line));
  return steps.at(-1)?.slice(2);
}

/** The progress line's words for a log: the step, or that packages are still being fetched. */
export function npmProgressLine(logText) {
  const step = npmStepOf(logText);
  return step === undefined ? 'still installing (fetching packages)' : `still installing (running ${step})`;
}
