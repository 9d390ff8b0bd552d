// A client call that must fail with a given kind of WebDataError: the error, for its message.
import assert from 'node:assert/strict';
import { WebDataError } from '../../src/core/api';

export async function refused(promise: Promise<unknown>, kind: string): Promise<WebDataError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof WebDataError, String(error));
    assert.equal(error.kind, kind, error.message);
    return error;
  }
  assert.fail(`expected ${kind}`);
}
