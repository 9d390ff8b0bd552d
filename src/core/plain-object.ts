// Arguments that reach a command from outside (a keybinding, a menu, another extension) are read
// only when they are plain data: a menu passes class instances (a Uri, a terminal) whose fields
// must never be taken for a request's (a webdata: tab's Uri has a `query` of its own).

/** An object literal or JSON value's object, not an array, class instance or null. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
