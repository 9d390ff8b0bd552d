// Bounded waits for a condition, shared by the unit tests: a test waits for what it needs to have
// happened, never for an amount of time, and a wait that fails says what it was waiting for.

/** Looks at `check` until it is true; fails after `timeoutMs`, naming `what`. */
export async function waitFor(check: () => boolean, timeoutMs = 2_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    // Only how often the condition is looked at; nothing here waits for time itself.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** `promise`'s value; fails after `timeoutMs`, naming `what`, if it has not settled by then. */
export async function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A deadline that bounds the test, not a wait for something to happen.
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
