import { describe, expect, it } from 'vitest';
import { translator } from '~/lib/i18n';
import { chatTab, stageTabs } from '~/server/stage/stage-tabs';
import { eventInfo } from './fixtures';

const t = translator('en');
const full = { sessions: 3, sponsors: 2, infoPages: 1, documents: 4 };
const ids = (tabs: { id: string }[]) => tabs.map((tab) => tab.id);

describe('stageTabs', () => {
  it('shows every tab in the order of docs/product.md §2 when all flags are on and every list has content', () => {
    expect(ids(stageTabs(eventInfo(), 'stage', full, t))).toEqual([
      'timeline', 'agenda', 'sponsors', 'speakers', 'info', 'documents', 'custom', 'participants', 'profile', 'selfie',
    ]);
  });

  it('hides a tab whose stage flag is off', () => {
    const event = eventInfo({}, { stageTabSpeakers: false, stageTabTimeline: false });
    expect(ids(stageTabs(event, 'stage', full, t))).not.toContain('speakers');
    expect(ids(stageTabs(event, 'stage', full, t))[0]).toBe('agenda');
  });

  it('uses the webApp flags on the web app, not the stage flags', () => {
    const event = eventInfo({}, { stageTabAgenda: false, webAppNavigationSponsors: false, webAppProfile: false });
    const webapp = ids(stageTabs(event, 'webapp', full, t));
    expect(webapp).toContain('agenda');
    expect(webapp).not.toContain('sponsors');
    expect(webapp).not.toContain('profile');
    expect(ids(stageTabs(event, 'stage', full, t))).not.toContain('agenda');
  });

  it('needs sessions, sponsors, info pages and documents for their tabs', () => {
    const empty = { sessions: 0, sponsors: 0, infoPages: 0, documents: 0 };
    expect(ids(stageTabs(eventInfo(), 'stage', empty, t))).toEqual(['timeline', 'speakers', 'custom', 'participants', 'profile', 'selfie']);
  });

  it('shows the custom tab only with stageTabCustom and a gamification URL', () => {
    expect(ids(stageTabs(eventInfo({ gamificationUrl: null }), 'stage', full, t))).not.toContain('custom');
    expect(ids(stageTabs(eventInfo({}, { stageTabCustom: false }), 'stage', full, t))).not.toContain('custom');
  });

  it('labels tabs with event captions, translated defaults, and lobby element labels over both', () => {
    const event = eventInfo({
      captions: { programCaption: 'Programme', timelineCaption: 'Feed' },
      lobbyElements: [{ id: 1, type: 4, category: null, options: { label: 'All partners' } }],
    });
    const labels = Object.fromEntries(stageTabs(event, 'stage', full, t).map((tab) => [tab.id, tab.label]));
    expect(labels).toMatchObject({ timeline: 'Feed', agenda: 'Programme', sponsors: 'All partners', speakers: 'Speakers', selfie: 'Selfie' });
  });
});

describe('chatTab', () => {
  it('follows stageChatEnabled on the stage and webAppChat on the web app', () => {
    const event = eventInfo({}, { stageChatEnabled: false });
    expect(chatTab(event, 'stage', t)).toBeUndefined();
    expect(chatTab(event, 'webapp', t)).toEqual({ id: 'chat', label: 'Chat' });
  });
});
