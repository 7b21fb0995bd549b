import { describe, expect, it } from 'vitest';
import type { LobbyRepository } from '~/server/lobby/lobby.repository';
import { createLobbyService } from '~/server/lobby/lobby.service';
import { brandingContrastCss } from '~/server/lobby/branding-check';

const event = { eventId: 1, liveFAQCategory: 'FAQ' };
const sponsorRow = (id: number, category: string | null, categoryPosition: number | null) =>
  ({ id, name: `S${id}`, logoUrl: null, position: id, category, categoryPosition });

function service(repo: Partial<LobbyRepository>) {
  return createLobbyService({ repository: repo as LobbyRepository, now: () => new Date('2025-06-02T10:00:00Z') });
}

describe('lobby service', () => {
  it('groups sponsors by category order, uncategorised last', async () => {
    const groups = await service({
      findSponsors: () => Promise.resolve([sponsorRow(1, null, null), sponsorRow(2, 'Gold', 2), sponsorRow(3, 'Platinum', 1), sponsorRow(4, 'Gold', 2)]),
    }).sponsorGroups(event);
    expect(groups.map((g) => [g.category, g.sponsors.map((s) => s.id)])).toEqual([['Platinum', [3]], ['Gold', [2, 4]], [null, [1]]]);
  });

  it('keeps the configured top-sponsor order and skips unknown ids', async () => {
    const top = await service({
      findSponsorsByIds: () => Promise.resolve([{ id: 1, name: 'A', logoUrl: null }, { id: 2, name: 'B', logoUrl: null }]),
    }).topSponsors(event, [2, 9, 1]);
    expect(top.map((s) => s.id)).toEqual([2, 1]);
  });

  it('shows FAQ pages of the digital platform, sanitised, and none without a FAQ category', async () => {
    const lobby = service({
      findInfoPages: () => Promise.resolve([
        { id: 1, heading: 'Q1', body: 'a', platforms: ['digital', 'webApp'] }, { id: 2, heading: 'Q2', body: 'b', platforms: ['webApp'] },
      ]),
    });
    expect(await lobby.faq(event)).toEqual([{ id: 1, heading: 'Q1', body: 'a' }]);
    expect(await lobby.faq({ ...event, liveFAQCategory: null })).toEqual([]);
  });

  it('marks sessions that already started as live', async () => {
    const sessions = await service({
      findUpcomingSessions: () => Promise.resolve([
        { id: 1, title: 'Now', subtitle: null, startDate: '2025-06-02T09:30:00Z', endDate: '2025-06-02T10:30:00Z', trackTitle: null, trackColor: null },
        { id: 2, title: 'Next', subtitle: null, startDate: '2025-06-02T11:00:00Z', endDate: '2025-06-02T12:00:00Z', trackTitle: null, trackColor: null },
      ]),
    }).upcomingSessions(event);
    expect(sessions.map((s) => s.isLive)).toEqual([true, false]);
  });
});

describe('branding contrast fallback', () => {
  it('swaps an unreadable button text colour for a readable one and leaves good pairs alone', () => {
    expect(brandingContrastCss({ eventId: 1, version: 1, branding: { primaryButtonColor: '#ffffff', primaryButtonTextColor: '#eeeeee' } }))
      .toBe(':root:root:root{--brand-primary-text:#000000}');
    expect(brandingContrastCss({ eventId: 1, version: 2, branding: { primaryButtonColor: '#0b6e69', primaryButtonTextColor: '#ffffff' } })).toBe('');
  });
});
