import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflateParts, gzipFilled } from '~/server/http/template-gzip';

describe('gzip of a template filled per view', () => {
  it('is a valid gzip of the parts with the values between them, also for empty parts and values', () => {
    const parts = ['<p>', '', ' and ', '</p>'].map((text) => Buffer.from(text));
    const values = ['Åse', '42', ''].map((text) => Buffer.from(text));
    const body = gzipFilled(parts, deflateParts(parts), values);
    expect(gunzipSync(body).toString()).toBe('<p>Åse42 and </p>');
  });

  it('splits a value longer than one stored block (64 kB) into several', () => {
    const parts = [Buffer.from('<a>'), Buffer.from('</a>')];
    const value = Buffer.alloc(150_000, 'x');
    expect(gunzipSync(gzipFilled(parts, deflateParts(parts), [value])).length).toBe(150_007);
  });
});
