// The one try/catch around `new URL()`: Node 20, the floor VS Code's, has no URL.parse.

/** `text` as a URL, or undefined when it is not one. */
export function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
