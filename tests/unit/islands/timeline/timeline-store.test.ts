import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimelineItem } from '~/contracts/timeline';

// The server as the store calls it: a page of posts is answered when the test says so, with its
// next cursor in X-Next-Before; no promoted items.
type Page = { items: TimelineItem[]; nextBefore: number | null };
const answers: { before: number | undefined; resolve: (page: Page) => void }[] = [];
vi.mock('~/islands/http/api.client', () => ({
  eventApiUrl: (eventId: number, path: string) => `/api/liveEvent/${eventId}/${path}`,
  apiFetch: (url: string) => new Promise((resolve) => {
    const before = new URL(url, 'http://event.test').searchParams.get('before');
    answers.push({
      before: before === null ? undefined : Number(before),
      resolve: (page: Page) => resolve(new Response(JSON.stringify(page.items), { headers: page.nextBefore === null ? {} : { 'x-next-before': String(page.nextBefore) } })),
    });
  }),
  memberJson: () => Promise.resolve([]),
  memberUploadForm: vi.fn(),
}));
vi.mock('~/islands/viewer/viewer.store', async () => {
  const { atom } = await import('nanostores');
  return { $viewer: atom({ userId: 5, name: 'Ada Lovelace', initials: 'AL' }) };
});
vi.mock('~/islands/realtime/realtime.store', async () => {
  const { atom } = await import('nanostores');
  return { $realtimeStatus: atom('connecting'), onReconnect: vi.fn(), onRealtime: vi.fn() };
});

const post = (id: number) => ({ TimelineID: id, message: `Post ${id}` }) as unknown as TimelineItem;

describe('timeline store', () => {
  beforeEach(() => { vi.stubGlobal('window', {}); });

  it('pages on from the first page being read again, so an older page asked for meanwhile is not replaced by it', async () => {
    const store = await import('~/islands/timeline/timeline.store');
    store.initTimeline(1, 'digital', { items: [post(30), post(29)], nextBefore: 29, promoted: [], readAt: 0 });
    const reloaded = store.reload();
    const more = store.loadMore();
    expect(store.$loadingMore.get()).toBe(true);
    // The reload's first page answers first (the viewer's own view: a longer page).
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    answers[0]!.resolve({ items: [post(30), post(29), post(28), post(27)], nextBefore: 27 });
    await reloaded;
    // Only then is the older page asked for, from where the reloaded list ends.
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    expect(answers[1]!.before).toBe(27);
    answers[1]!.resolve({ items: [post(26)], nextBefore: null });
    await more;
    expect(store.$items.get().map((item) => item.TimelineID)).toEqual([30, 29, 28, 27, 26]);
    expect(store.$loadingMore.get()).toBe(false);
  });
});
