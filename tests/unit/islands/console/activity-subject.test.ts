import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import nb from '../../../../locales/nb.json' with { type: 'json' };
import type { AuditEntry } from '~/contracts/console';
import { activitySubject } from '~/islands/console/activity-subject';
import { excerpt, quoteOf, type ModeratedEntry } from '~/islands/console/moderated-entry';
import { createT } from '~/lib/translate';

const t = createT(en);
const entry = (action: string, target: string, before: unknown, after: unknown): AuditEntry => ({
  id: 1, userId: 2, userName: 'Oda Fjeld', action, target, before, after, createdAt: '2026-11-27T09:00:00.000Z',
});
const titles = new Map([[10, "Next year's host city"]]);

describe('activitySubject: what an activity row changed, in the organiser\'s words', () => {
  it('names a poll by its title, and by its stored target once the poll is gone', () => {
    expect(activitySubject(entry('poll.open', 'poll:10', { isOpen: false }, { isOpen: true }), titles, t)).toBe("Next year's host city");
    expect(activitySubject(entry('poll.reset', 'poll:99', null, null), titles, t)).toBe('poll:99');
  });

  it('shows the stream or the holding picture before → after, "none" where there was none', () => {
    const stage = (streamUrl: string | null, holdingImageUrl: string | null) => ({ streamUrl, holdingImageUrl });
    expect(activitySubject(entry('stage.stream', 'stage', stage('/a.m3u8', null), stage('/b.m3u8', null)), titles, t)).toBe('/a.m3u8 → /b.m3u8');
    expect(activitySubject(entry('stage.holding', 'stage', stage('/a.m3u8', null), stage('/a.m3u8', '/p.jpg')), titles, t)).toBe('none → /p.jpg');
    expect(activitySubject(entry('stage.holding', 'stage', stage(null, '/p.jpg'), stage(null, null)), titles, createT(nb))).toBe('/p.jpg → ingen');
  });

  it('names a session of the programme by its title, the one it had before a delete', () => {
    expect(activitySubject(entry('agenda.update', 'session:4', { title: 'Old' }, { title: 'Fjord data lab' }), titles, t)).toBe('Fjord data lab');
    expect(activitySubject(entry('agenda.delete', 'session:4', { title: 'Fjord data lab' }, null), titles, t)).toBe('Fjord data lab');
    expect(t('console.activity.actions.agenda.create')).toBe(en.console.activity.actions.agenda.create);
  });

  it('quotes the start of a removed, promoted or pinned post', () => {
    const removed = entry('timeline.remove', 'timeline:7', { message: 'Question for the panel: who should own open climate data – governments or grid operators?' }, null);
    expect(activitySubject(removed, titles, t)).toBe('“Question for the panel: who should own open climate data…”');
    expect(activitySubject(entry('timeline.pin', 'timeline:8', null, { message: 'Coffee in the foyer' }), titles, createT(nb))).toBe('«Coffee in the foyer»');
    expect(activitySubject(entry('timeline.remove', 'timeline:9', { message: '' }, null), titles, t)).toBe('timeline:9');
  });
});

describe('quoteOf: which post a confirmation is about', () => {
  const post: ModeratedEntry = {
    TimelineID: 1, CreatedOn: '2026-11-27T09:00:00.000Z', Message: '',
    Author: { UserID: 5, Firstname: 'Pat', Lastname: 'Poster' },
  };
  it('names the author and the start of the text, the organiser for a pinned announcement', () => {
    expect(quoteOf({ ...post, Message: 'Buy cheap tickets &amp; more' }, t)).toBe('Pat Poster: “Buy cheap tickets & more”');
    expect(quoteOf({ ...post, Author: null, Message: 'Coffee' }, createT(nb))).toBe('Arrangør: «Coffee»');
  });
  it('says it is a post with pictures when it has no text', () => {
    expect(quoteOf({ ...post, Message: '' }, t)).toBe('Pat Poster: a post with pictures');
  });
  it('cuts a long text at a word and marks the cut', () => {
    expect(excerpt('one two three four', 12)).toBe('one two…');
    expect(excerpt('  short\n text  ')).toBe('short text');
  });
});
