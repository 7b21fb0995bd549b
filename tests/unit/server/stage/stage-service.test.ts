import { describe, expect, it } from 'vitest';
import { translator } from '~/lib/i18n';
import type { StageRepository } from '~/server/stage/stage.repository';
import { createStageService } from '~/server/stage/stage.service';
import { eventInfo } from './fixtures';

const t = translator('en');
const repository: StageRepository = {
  counts: () => Promise.resolve({ sessions: 1, sponsors: 1, infoPages: 1, documents: 1 }),
  findSessionStream: (eventId, id) => Promise.resolve(
    eventId === 7 && id === 12 ? { id: 12, title: 'Workshop', liveUrl: '/media/breakout/index.m3u8' }
      : eventId === 7 && id === 13 ? { id: 13, title: 'No stream', liveUrl: null } : undefined,
  ),
};
const service = createStageService({ repository });
const view = (path: string) => service.view({ event: eventInfo(), mode: 'stage', t, url: new URL(path, 'http://summit.localhost') });

describe('stage service', () => {
  it('starts with the main stream titled with the translated main stage', async () => {
    const result = await view('/stage');
    expect(result).toMatchObject({ kind: 'view', view: { initialStream: { url: '/media/mainstage/index.m3u8', title: 'Main stage' } } });
  });

  it('starts with the session stream for ?session=ID', async () => {
    const result = await view('/stage?session=12');
    expect(result).toMatchObject({ kind: 'view', view: {
      initialStream: { url: '/media/breakout/index.m3u8', title: 'Workshop', sessionId: 12 },
      mainStream: { url: '/media/mainstage/index.m3u8' },
    } });
  });

  it('sends an unknown, malformed or stream-less session to the main stage with the URL cleaned', async () => {
    expect(await view('/stage?session=99')).toEqual({ kind: 'redirect', location: '/stage' });
    expect(await view('/stage?session=abc')).toEqual({ kind: 'redirect', location: '/stage' });
    expect(await view('/stage?session=13&x=1')).toEqual({ kind: 'redirect', location: '/stage?x=1' });
  });

  it('keeps an eventId parameter naming this event by slug or id and drops one naming another', async () => {
    expect((await view('/stage?eventId=summit')).kind).toBe('view');
    expect((await view('/stage?eventId=7')).kind).toBe('view');
    expect(await view('/stage?eventId=other&session=12')).toEqual({ kind: 'redirect', location: '/stage?session=12' });
  });
});

describe('stage tabs', () => {
  it('reads the content counts once per event version and again after an import bumps it', async () => {
    let reads = 0;
    const counting = createStageService({ repository: { ...repository, counts: () => { reads += 1; return repository.counts(7, 'digital'); } } });
    await counting.tabs({ event: eventInfo(), mode: 'stage', t });
    await counting.tabs({ event: eventInfo(), mode: 'webapp', t });
    expect(reads).toBe(2); // both platforms, once
    await counting.tabs({ event: { ...eventInfo(), version: eventInfo().version + 1 }, mode: 'stage', t });
    expect(reads).toBe(4);
  });
});
