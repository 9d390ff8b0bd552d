// What every decoder of a command's argument shares. A command's argument comes from a menu (a
// row of a view, a document's Uri), a row's click, a notification's button, a keybinding, a test
// or another extension; each command reads only what it takes, by what the value is.
import { isPlainObject } from '../plain-object';
import { rowView } from '../view-nodes';

/**
 * A plain object given as data (a test, a keybinding's args, another extension): not a row of one
 * of our views (VS Code passes the focused row to a view's title buttons) and not a class
 * instance (a Uri's `query` must never be read as a request's).
 */
export function dataArgument(value: unknown): Readonly<Record<string, unknown>> | undefined {
  return isPlainObject(value) && rowView(value) === undefined ? value : undefined;
}

export function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** For a command that takes nothing: whatever a menu passes (a focused row, a Uri) is not read. */
export function noArgument(): undefined {
  return undefined;
}

/** A cancellation token as VS Code's: the search command's `{ token }` option. */
export interface CancellationSignal {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => void): { dispose(): unknown };
}

export function isCancellationSignal(value: unknown): value is CancellationSignal {
  return typeof value === 'object' && value !== null
    && 'isCancellationRequested' in value && typeof value.isCancellationRequested === 'boolean'
    && 'onCancellationRequested' in value && typeof value.onCancellationRequested === 'function';
}
