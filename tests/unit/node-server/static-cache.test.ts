import { describe, expect, it } from 'vitest';
import { cachePolicy } from '../../../node-server/static-files.mjs';

describe('cache policy of static files', () => {
  it('keeps hashed build assets for a year', () => {
    expect(cachePolicy('/_astro/index.Ab12.js')).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates the service worker on every load so a new release takes over', () => {
    expect(cachePolicy('/sw.js')).toBe('no-cache');
  });

  it('keeps the demo pictures for a week instead of five minutes', () => {
    expect(cachePolicy('/demo/logo.svg')).toMatch(/max-age=604800/);
    expect(cachePolicy('/favicon.svg')).toBe('public, max-age=300');
  });
});
