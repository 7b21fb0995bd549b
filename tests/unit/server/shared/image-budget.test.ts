import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isWithinPixelBudget, oneAtATimePerKey, reencodeImage } from '~/server/shared/image';

describe('image pixel budgets', () => {
  it('refuses more pixels than the use takes, and absurd pixels per byte above a megapixel', () => {
    expect(isWithinPixelBudget(12_000_000, 70_000, 24_000_000)).toBe(true);
    expect(isWithinPixelBudget(30_000_000, 5_000_000, 24_000_000)).toBe(false);
    // The review's 1.4 kB WebP of 6000 × 6000 px: 25,000 pixels a byte.
    expect(isWithinPixelBudget(36_000_000, 1434, 50_000_000)).toBe(false);
    // A small flat icon may compress as it likes.
    expect(isWithinPixelBudget(512 * 512, 300, 24_000_000)).toBe(true);
    expect(isWithinPixelBudget(0, 100, 24_000_000)).toBe(false);
    expect(isWithinPixelBudget(Number.NaN, 100, 24_000_000)).toBe(false);
  });

  it('refuses a tiny file of many pixels before decoding it, and re-encodes a real one', async () => {
    const bomb = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#c87828' } }).webp({ lossless: true }).toBuffer();
    expect(await reencodeImage(bomb, 'webp', { maxSide: 2048, maxPixels: 50_000_000, owner: 'a' })).toEqual({ problem: 'too_many_pixels' });
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const done = await reencodeImage(photo, 'jpeg', { maxSide: 256, maxPixels: 24_000_000, owner: 'a' });
    expect('bytes' in done && (await sharp(done.bytes).metadata()).width).toBe(256);
    expect(await reencodeImage(Buffer.from('not a picture'), 'jpeg', { maxSide: 256, maxPixels: 24_000_000, owner: 'a' })).toEqual({ problem: 'unreadable' });
  });
});

describe('one at a time per key', () => {
  it('starts a key\'s next work only when its earlier work settled, failed included, and other keys beside it', async () => {
    const inTurn = oneAtATimePerKey();
    const started: string[] = [];
    const gates = new Map<string, () => void>();
    const job = (name: string, fails = false) => () => {
      started.push(name);
      return new Promise<string>((resolve, reject) => gates.set(name, () => (fails ? reject(new Error(name)) : resolve(name))));
    };
    const a1 = inTurn('a', job('a1', true));
    const a2 = inTurn('a', job('a2'));
    const b1 = inTurn('b', job('b1'));
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toEqual(['a1', 'b1']);
    gates.get('a1')!();
    await expect(a1).rejects.toThrow('a1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a1', 'b1', 'a2']);
    gates.get('a2')!();
    gates.get('b1')!();
    expect(await Promise.all([a2, b1])).toEqual(['a2', 'b1']);
  });
});
