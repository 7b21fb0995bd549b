import { describe, expect, it } from 'vitest';
import { markOfflineCopy } from '~/sw/worker/offline-copy';

const PAGE = '<!doctype html><html lang="nb" data-time-zone="Asia/Kolkata"><head><title>x</title></head><body>'
  + '<div class="offline-region" role="status" data-offline-region data-astro-cid-a1 data-saved-copy="Du ser siden slik den ble lagret {{age}} &amp; &quot;mer&quot;.">'
  + '<div class="offline-banner" data-offline-banner hidden data-astro-cid-a1><p><span data-offline-age data-astro-cid-a1></span></p></div></div></body></html>';

describe('markOfflineCopy (a saved page shown without a network)', () => {
  const saved = new Date('2026-11-23T14:00:00Z');
  const now = new Date('2026-11-23T14:10:00Z');

  it('shows the banner with the age written in, in the page language and the event\'s zone', () => {
    const html = markOfflineCopy(PAGE, saved, now);
    expect(html).toContain('data-offline-banner data-astro-cid-a1>');
    expect(html).not.toMatch(/data-offline-banner hidden/);
    expect(html).toMatch(/<span data-offline-age data-astro-cid-a1>Du ser siden slik den ble lagret for 10 minutter siden \(19:30\) &amp; &quot;mer&quot;\.<\/span>/);
  });

  it('adds the saved time for the page script', () => {
    expect(markOfflineCopy(PAGE, saved, now)).toContain('<head><meta name="offline-copy-saved-at" content="2026-11-23T14:00:00.000Z">');
  });

  it('leaves a page without the banner as it was, apart from the meta tag', () => {
    const plain = '<html lang="en"><head></head><body><p>hi</p></body></html>';
    expect(markOfflineCopy(plain, saved, now)).toBe('<html lang="en"><head><meta name="offline-copy-saved-at" content="2026-11-23T14:00:00.000Z"></head><body><p>hi</p></body></html>');
  });
});
