import { describe, expect, it } from 'vitest';
import type { EventInfo, LobbyElement } from '~/contracts/event-info';
import { FEATURE_FLAGS, type Features } from '~/contracts/event-settings';
import { translator } from '~/lib/i18n';
import { lobbySections, readOptions } from '~/lib/lobby-sections';
import { homeAction, isLobbyEnabled } from '~/lib/navigation';

const allOn = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, true])) as Features;
const t = translator('en');

function event(elements: LobbyElement[], features: Partial<Features> = {}, captions: EventInfo['captions'] = {}) {
  return { lobbyElements: elements, features: { ...allOn, ...features }, captions, eventName: 'Summit' };
}
const el = (id: number, type: number, options: Record<string, unknown> = {}): LobbyElement => ({ id, type, category: null, options });

describe('lobby sections', () => {
  it('keeps the configured order and alternates odd and even', () => {
    const sections = lobbySections(event([el(7, 6), el(3, 1), el(9, 3), el(1, 5)]), t);
    expect(sections.map((s) => s.kind)).toEqual(['header', 'banner', 'agenda', 'speakers']);
    expect(sections.map((s) => s.parity)).toEqual(['odd', 'even', 'odd', 'even']);
    expect(sections.map((s) => s.anchor)).toEqual(['section-header-7', 'section-banner-3', 'section-agenda-9', 'section-speakers-1']);
  });

  it('leaves out sections whose lobby feature is off and unknown types, before parity', () => {
    const sections = lobbySections(event([el(1, 3), el(2, 99), el(3, 5), el(4, 4)], { lobbySpeakers: false }), t);
    expect(sections.map((s) => [s.kind, s.parity])).toEqual([['agenda', 'odd'], ['sponsors', 'even']]);
  });

  it('labels a section by its own label, else the event caption, else the translated default', () => {
    const sections = lobbySections(event([el(1, 3, { label: 'Programme' }), el(2, 4), el(3, 5), el(4, 6)], {}, { sponsorsCaption: 'Partners' }), t);
    expect(sections.map((s) => s.label)).toEqual(['Programme', 'Partners', 'Speakers', 'Summit']);
  });

  it('reads options defensively', () => {
    const options = readOptions({ mainStageEnabled: 'yes', size: 'huge', label: '  ', topSponsorOptions: [{ sponsorId: 4 }, { sponsorId: 'x' }, null] });
    expect(options).toMatchObject({ mainStageEnabled: false, size: 'large', label: null, topSponsorIds: [4] });
    expect(readOptions({ isSearchEnabled: true, size: 'small' })).toMatchObject({ isSearchEnabled: true, size: 'small' });
  });
});

describe('home navigation (docs/product.md §2)', () => {
  const on = { features: allOn, liveLobby: true };
  const off = { features: { ...allOn, lobbyEnabled: false }, liveLobby: true };
  it('goes to the lobby when enabled, else the stage; reloads in the web app; does nothing on a sponsor page', () => {
    expect(homeAction(on, 'stage')).toEqual({ kind: 'link', href: '/' });
    expect(homeAction(off, 'stage')).toEqual({ kind: 'link', href: '/stage' });
    expect(homeAction({ features: allOn, liveLobby: false }, 'lobby')).toEqual({ kind: 'link', href: '/stage' });
    expect(homeAction(on, 'webapp')).toEqual({ kind: 'reload' });
    expect(homeAction(on, 'sponsor')).toEqual({ kind: 'none' });
    expect(isLobbyEnabled(off)).toBe(false);
  });
});
