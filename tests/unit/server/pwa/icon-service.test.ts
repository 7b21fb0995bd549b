import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventInfo } from '~/contracts/event-info';
import { createPwaIconService, iconColours } from '~/server/pwa/icon.service';

const root = mkdtempSync(join(tmpdir(), 'ep-icons-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" fill="#ff0000"/></svg>';
writeFileSync(join(root, 'logo.svg'), SVG);

function event(fields: Partial<EventInfo> = {}): EventInfo {
  return { eventId: 7, version: 1, eventName: 'Northern Lights Summit', faviconUrl: '/logo.svg', logoUrl: null, branding: { navbarColor: '#102030' }, ...fields } as unknown as EventInfo;
}

async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + info.channels)];
}

describe('PWA icons', () => {
  const icons = createPwaIconService({ dataDir: root, staticDirs: [root] }, 3);

  it('draws an SVG favicon sharp at 512 px, filling the square', async () => {
    const { png } = await icons.icon(event(), { purpose: 'any', size: 512 });
    expect(await sharp(png).metadata()).toMatchObject({ width: 512, height: 512, format: 'png' });
    expect(await pixel(png, 5, 5)).toEqual([255, 0, 0, 255]);
  });

  it('keeps a maskable icon inside the safe zone on the navbar colour', async () => {
    const { png } = await icons.icon(event(), { purpose: 'maskable', size: 192 });
    expect(await pixel(png, 2, 2)).toEqual([0x10, 0x20, 0x30, 255]);
    expect(await pixel(png, 96, 96)).toEqual([255, 0, 0, 255]);
  });

  it('draws the initials when the event has no picture on this server', async () => {
    const { png } = await icons.icon(event({ eventId: 8, faviconUrl: 'https://elsewhere.example/x.png' }), { purpose: 'any', size: 192 });
    expect(await sharp(png).metadata()).toMatchObject({ width: 192, height: 192 });
    expect(await pixel(png, 96, 4)).toEqual([0x10, 0x20, 0x30, 255]);
  });

  it('draws once per event version and variant, keeping at most maxEntries', async () => {
    const first = icons.icon(event({ eventId: 9 }), { purpose: 'any', size: 192 });
    expect(icons.icon(event({ eventId: 9 }), { purpose: 'any', size: 192 })).toBe(first);
    const next = icons.icon(event({ eventId: 9, version: 2 }), { purpose: 'any', size: 192 });
    expect(next).not.toBe(first);
    expect((await next).etag).not.toBe((await first).etag);
    expect(icons.size()).toBeLessThanOrEqual(3);
  });

  it('never lets a typed colour reach the SVG: it is rebuilt as #rrggbb', () => {
    expect(iconColours(event({ branding: { navbarColor: 'rgb(1, 2, 3) "/><script>' } })).background).toBe('#010203');
    expect(iconColours(event({ branding: {} }))).toEqual({ background: '#2d3142', foreground: '#ffffff' });
  });
});
