import { describe, expect, it } from 'vitest';
import { backTarget, NO_ORIGIN, originPlatform, pageOrigin, sponsorHref, sponsorOrigin } from '~/lib/sponsor-origin';

const origin = (query: string) => sponsorOrigin(new URLSearchParams(query));

describe('where a sponsor page was opened from', () => {
  it('labels the back button by the origin its URL names', () => {
    expect(backTarget(origin('from=lobby'))).toEqual({ kind: 'lobby', href: '/' });
    expect(backTarget(origin('fromStage=1&from=stage'))).toEqual({ kind: 'stage', href: '/stage' });
    expect(backTarget(origin('fromStage=1&from=stage&session=4'))).toEqual({ kind: 'program', href: '/stage?session=4' });
    expect(backTarget(origin('fromStage=1&from=webapp&session=4'))).toEqual({ kind: 'home', href: '/webapp?session=4' });
  });

  it('goes home on the digital platform for an old link or any value outside the list', () => {
    for (const query of ['', 'fromStage=1', 'from=https://evil.example/', 'from=Stage', 'from=lobby%20']) {
      expect(backTarget(origin(query)), query).toEqual({ kind: 'home', href: '/' });
    }
    expect(backTarget(origin('from=stage&session=1e3'))).toEqual({ kind: 'stage', href: '/stage' });
    expect(origin('from=lobby&session=3').session).toBeNull();
    expect(backTarget(origin('from=https://evil.example/'))).toEqual({ kind: 'home', href: '/' });
    expect(originPlatform(origin('from=stage'))).toBe('digital');
    expect(originPlatform(origin('from=webapp'))).toBe('webApp');
    expect(originPlatform(origin(''))).toBe('digital');
  });

  it('links to a sponsor with the origin in one order, so equal origins share one kept page', () => {
    expect(sponsorHref(3, NO_ORIGIN)).toBe('/sponsor/3');
    expect(sponsorHref(3, origin('session=9&from=stage&fromStage=yes'))).toBe('/sponsor/3?fromStage=1&from=stage&session=9');
    expect(sponsorHref(3, { ...NO_ORIGIN, from: 'lobby' })).toBe('/sponsor/3?from=lobby');
  });

  it('reads the origin of a link from the page it is on', () => {
    const at = (url: string) => pageOrigin(new URL(url, 'http://demo.localhost'), true);
    expect(at('/')).toEqual({ from: 'lobby', session: null, isFromStage: true });
    expect(at('/stage?session=5&tab=sponsors')).toEqual({ from: 'stage', session: 5, isFromStage: true });
    expect(at('/stage/panel/sponsors?session=5')).toEqual({ from: 'stage', session: 5, isFromStage: true });
    expect(at('/webapp')).toEqual({ from: 'webapp', session: null, isFromStage: true });
    expect(at('/stageish')).toEqual({ from: null, session: null, isFromStage: true });
  });
});
