import { afterEach, describe, expect, it, vi } from 'vitest';
import { isClientAbort, respond } from '~/server/http/respond';

function abortedByNode(): Error {
  return Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
}

describe('respond', () => {
  afterEach(() => vi.restoreAllMocks());

  it('recognises a client that hung up, also wrapped as a cause', () => {
    expect(isClientAbort(abortedByNode())).toBe(true);
    expect(isClientAbort(new TypeError('terminated', { cause: abortedByNode() }))).toBe(true);
    expect(isClientAbort(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(false); // an outgoing connection
    expect(isClientAbort(new Error('no such table: polls'))).toBe(false);
    expect(isClientAbort('aborted')).toBe(false);
  });

  it('logs an aborted request at debug level, a real failure at error level, both as the same 500', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const aborted = await respond(() => Promise.reject(abortedByNode()));
    expect(aborted.status).toBe(500);
    expect(stderr).not.toHaveBeenCalled();
    const failed = await respond(() => Promise.reject(new Error('boom')));
    expect(failed.status).toBe(500);
    expect(String(stderr.mock.calls[0]?.[0])).toContain('unhandled error in endpoint');
  });
});
