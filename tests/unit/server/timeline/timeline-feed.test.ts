import { describe, expect, it } from 'vitest';
import { createReadModels } from '~/server/shared/read-model-cache';
import { createTimelineFeed, TIMELINE_WINDOW } from '~/server/timeline/timeline-feed';
import { jsonFor } from '~/server/timeline/timeline-list';
import type { TimelineModerationRepository } from '~/server/timeline/timeline-moderation.repository';
import type { TimelineRecord, TimelineRepository } from '~/server/timeline/timeline.repository';
import { record } from './timeline-records';

/** A repository over an array that records its queries (none for an empty id list, as the real one). */
function fakeRepository(rows: TimelineRecord[], likes: Map<number, Set<number>>) {
  const queries: string[] = [];
  const newestFirst = () => rows.filter((r) => r.inReplyTo === null).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  const repository = {
    findPage: (_eventId: number, options: { promoted: boolean; limit: number; before?: { createdAt: string; id: number } | undefined }) => {
      queries.push(options.before ? 'page-before' : 'page');
      const { before } = options;
      return Promise.resolve(newestFirst().filter((r) => r.isPromo === options.promoted
        && (!before || r.createdAt < before.createdAt || (r.createdAt === before.createdAt && r.id < before.id))).slice(0, options.limit));
    },
    findComments: (ids: number[]) => {
      if (ids.length > 0) queries.push('comments');
      return Promise.resolve(rows.filter((r) => r.inReplyTo !== null && ids.includes(r.inReplyTo)));
    },
    findById: (_eventId: number, id: number) => {
      queries.push('byId');
      return Promise.resolve(rows.find((r) => r.id === id));
    },
    likedOf: (userId: number, ids: number[]) => {
      if (ids.length > 0) queries.push('likes');
      return Promise.resolve(new Set(ids.filter((id) => likes.get(userId)?.has(id))));
    },
  };
  // The console's reads: every top-level item whatever its platforms and promotion.
  const moderated = {
    findPage: (_eventId: number, limit: number) => {
      queries.push('moderation');
      return Promise.resolve(newestFirst().slice(0, limit));
    },
    findComments: (ids: number[]) => {
      if (ids.length > 0) queries.push('moderation-comments');
      return Promise.resolve(rows.filter((r) => r.inReplyTo !== null && ids.includes(r.inReplyTo)));
    },
  };
  return { repository: repository as unknown as TimelineRepository, moderated: moderated as unknown as TimelineModerationRepository, queries };
}

const event = { eventId: 1, version: 1 };

describe('timeline feed: the read model', () => {
  it('reads the shared part once and only the viewer\'s likes per request, until a `timeline` data change drops it', async () => {
    const rows = [record(1), record(2), record(3, { inReplyTo: 2 })];
    const likes = new Map([[10, new Set([2])]]);
    const { repository, moderated, queries } = fakeRepository(rows, likes);
    const readModels = createReadModels();
    const feed = createTimelineFeed({ repository, moderated, readModels });
    const first = await feed.posts(event, 10, { platform: 'digital', count: 50 });
    expect(queries).toEqual(['page', 'comments', 'likes']);
    const other = await feed.posts(event, 11, { platform: 'digital', count: 50 });
    expect(queries).toEqual(['page', 'comments', 'likes', 'likes']);
    expect(jsonFor(first.slice, 10, first.liked)).toContain('"TimelineID":2,');
    expect([...first.liked]).toEqual([2]);
    expect([...other.liked]).toEqual([]);
    rows.push(record(4));
    readModels.drop(1, 'people');
    expect((await feed.posts(event, 11, { platform: 'digital', count: 50 })).slice.list.items.map((i) => i.TimelineID)).toEqual([2, 1]);
    readModels.drop(1, 'timeline');
    const after = await feed.posts(event, 11, { platform: 'digital', count: 50 });
    expect(after.slice.list.items.map((i) => i.TimelineID)).toEqual([4, 2, 1]);
  });

  it('asks no query for the viewer when a list is empty', async () => {
    const { repository, moderated, queries } = fakeRepository([], new Map());
    const feed = createTimelineFeed({ repository, moderated });
    const promoted = await feed.promoted(event, 10, 'digital');
    expect(promoted.slice.end).toBe(0);
    await feed.promoted(event, 10, 'digital');
    expect(queries).toEqual(['page']);
  });

  it('reads a page past the newest items it holds from the database, and refuses a cursor that names no post', async () => {
    const rows = Array.from({ length: TIMELINE_WINDOW + 20 }, (_, i) => record(i + 1));
    const { repository, moderated, queries } = fakeRepository(rows, new Map());
    const feed = createTimelineFeed({ repository, moderated });
    const first = await feed.posts(event, 10, { platform: 'digital', count: 100 });
    expect(first.slice.nextBefore).toBe(rows.length - 99);
    queries.length = 0;
    const second = await feed.posts(event, 10, { platform: 'digital', count: 50, before: first.slice.nextBefore! });
    expect(queries).toEqual(['byId', 'page-before', 'comments', 'likes']);
    expect(second.slice.list.items[0]!.TimelineID).toBe(rows.length - 100);
    expect(second.slice.nextBefore).toBeNull();
    await expect(feed.posts(event, 10, { platform: 'digital', count: 5, before: 99_999 })).rejects.toThrow('No such timeline item');
  });

  it('rebuilds a list older than its maximum age even without a change message', async () => {
    const rows = [record(1)];
    let now = 0;
    const { repository, moderated } = fakeRepository(rows, new Map());
    const feed = createTimelineFeed({ repository, moderated, maxAgeMs: 1000, now: () => now });
    await feed.posts(event, 10, { platform: 'digital', count: 5 });
    rows.push(record(2));
    expect((await feed.posts(event, 10, { platform: 'digital', count: 5 })).slice.end).toBe(1);
    now = 1000;
    expect((await feed.posts(event, 10, { platform: 'digital', count: 5 })).slice.end).toBe(2);
  });

  it('keeps the console\'s moderation list with the viewers\' lists: read once, its JSON the items, rebuilt after a change', async () => {
    const rows = [record(1, { platforms: [] }), record(2, { isPromo: true }), record(3, { inReplyTo: 1 })];
    const { repository, moderated, queries } = fakeRepository(rows, new Map());
    const readModels = createReadModels();
    const feed = createTimelineFeed({ repository, moderated, readModels });
    const first = await feed.moderation(event, 30);
    expect(await feed.moderation(event, 30)).toBe(first);
    expect(queries).toEqual(['moderation', 'moderation-comments']);
    expect(first.items.map((i) => [i.TimelineID, i.isPromo, i.Comments.map((c) => c.TimelineID)])).toEqual([[2, '1', []], [1, '0', [3]]]);
    expect(JSON.parse(first.answer.json)).toEqual(first.items);
    rows.push(record(4));
    readModels.drop(1, 'timeline');
    expect((await feed.moderation(event, 30)).items.map((i) => i.TimelineID)).toEqual([4, 2, 1]);
  });
});
