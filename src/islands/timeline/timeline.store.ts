import { atom } from 'nanostores';
import type { Platform } from '~/contracts/event-settings';
import type { Speaker } from '~/contracts/speakers';
import type { LikeResult, TimelineComment, TimelineFirstView, TimelineItem, TimelinePage } from '~/contracts/timeline';
import { $realtimeStatus, onReconnect, onRealtime } from '~/islands/realtime/realtime.store';
import { $viewer } from '~/islands/viewer/viewer.store';
import * as merge from './timeline-merge';
import { ApiError, readApiError } from '~/islands/http/api-error';
import { apiFetch, eventApiUrl, memberJson, memberUploadForm, newIdempotencyKey, type UploadAnswer } from '~/islands/http/api.client';

/** docs/product.md §7 GET getAllTimelineItems; `before` pages to older posts, the next cursor comes in X-Next-Before (docs/timeline.md). */
async function fetchPage(eventId: number, platform: Platform, before?: number): Promise<TimelinePage> {
  const query = new URLSearchParams({ platform });
  if (before !== undefined) query.set('before', String(before));
  const response = await apiFetch(eventApiUrl(eventId, `getAllTimelineItems?${query.toString()}`), { session: eventId }).catch(() => null);
  if (!response) throw new ApiError(0, { error: 'request.failed' });
  if (!response.ok) throw await readApiError(response);
  const next = response.headers.get('x-next-before');
  return { items: (await response.json()) as TimelineItem[], nextBefore: next ? Number(next) : null };
}

/** docs/product.md §7 GET getPromotedTimelineItems. */
const fetchPromoted = (eventId: number, platform: Platform): Promise<TimelineItem[]> =>
  memberJson(eventId, `getPromotedTimelineItems?platform=${platform}`);

function postForm(fields: Record<string, string>, files: Blob[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', file);
  return form;
}

/** docs/product.md §7 POST addTimelineEntry (multipart), with upload progress; stored once however often it is retried (one key per post). */
const uploadPost = (eventId: number, platform: Platform, message: string, files: Blob[], onProgress: (percent: number) => void): Promise<UploadAnswer> =>
  memberUploadForm(eventId, 'addTimelineEntry', postForm({ message, platform }, files), onProgress, newIdempotencyKey());

/** docs/product.md §7 POST addTimelineComment (multipart), with upload progress. */
const uploadComment = (eventId: number, platform: Platform, inReplyTo: number, message: string, files: Blob[], onProgress: (percent: number) => void): Promise<UploadAnswer> =>
  memberUploadForm(eventId, 'addTimelineComment', postForm({ inReplyTo: String(inReplyTo), message, platform }, files), onProgress, newIdempotencyKey());

/** docs/product.md §7 likeTimelineEntry / unlikeTimelineEntry. */
const sendLike = (eventId: number, timelineId: number, isLiked: boolean): Promise<LikeResult> =>
  memberJson(eventId, isLiked ? 'likeTimelineEntry' : 'unlikeTimelineEntry', { method: 'POST', body: { timelineId } });

/** docs/product.md §7 deleteTimelineEntry, or the comment's delete call. */
const sendDelete = (eventId: number, timelineId: number, isComment: boolean): Promise<unknown> =>
  memberJson(eventId, isComment ? 'deleteTimelineComment' : 'deleteTimelineEntry', { method: 'POST', body: { timelineId } });

/** docs/product.md §2: a promoted speaker opens in the panel. */
export const fetchSpeaker = (eventId: number, id: number): Promise<Speaker> => memberJson(eventId, `liveGetSpeakerInfo/${id}`);

export type LoadState = 'loading' | 'loaded' | 'failed';

/** The ordinary posts held, newest first; `$promoted` the promoted items (docs/product.md §2: shown first). */
export const $items = atom<TimelineItem[]>([]);
export const $promoted = atom<TimelineItem[]>([]);
export const $state = atom<LoadState>('loading');
/** The cursor of the next older page (null: none), and whether it is being fetched. */
export const $nextBefore = atom<number | null>(null);
export const $loadingMore = atom(false);
/** Items whose like is in flight: their like button is disabled (docs/product.md §4). */
export const $likesInFlight = atom<ReadonlySet<number>>(new Set());

let context: { eventId: number; platform: Platform } | undefined;
/** The viewer's id for their own likes (0, nobody's, until their profile call answered). */
const me = (): number => $viewer.get()?.userId ?? 0;

/**
 * Binds the store to the event and follows the realtime events (once per page, in the browser):
 * from the server's first view when the page carries one, else loading the first page.
 */
export function initTimeline(eventId: number, platform: Platform, initial?: TimelineFirstView | null): void {
  // Module state on the server would be shared by every request: server renders use the props.
  if (context || typeof window === 'undefined') return;
  context = { eventId, platform };
  onRealtime('timeline-add', ({ item }) => $items.set(merge.addItem($items.get(), item, platform)));
  onRealtime('timeline-modified', ({ item, by }) => $items.set(merge.modifyItem($items.get(), item, me(), by)));
  onRealtime('timeline-remove', ({ timelineId }) => $items.set(merge.removeItem($items.get(), timelineId)));
  onRealtime('timeline-add-comment', ({ comment }) => onBoth((list) => merge.addComment(list, comment)));
  onRealtime('timeline-modified-comment', ({ comment }) => onBoth((list) => merge.modifyComment(list, comment)));
  onRealtime('timeline-remove-comment', ({ timelineId, inReplyTo }) => onBoth((list) => merge.removeComment(list, inReplyTo, timelineId)));
  onRealtime('promoted-message-add', ({ item }) => $promoted.set(merge.addItem($promoted.get(), item, platform)));
  onRealtime('promoted-message-modified', ({ item, by }) => $promoted.set(merge.modifyItem($promoted.get(), item, me(), by)));
  onRealtime('promoted-message-remove', ({ timelineId }) => $promoted.set(merge.removeItem($promoted.get(), timelineId)));
  onRealtime('timeline-change', () => void reload());
  onReconnect(() => void reload());
  if (initial) seed(initial);
  else void reload();
}

/**
 * Shows the server's first view, read for any member (the page is the same for every member: no
 * likes of this viewer in it); read again for the viewer once the socket is joined, which also
 * catches events that passed unseen since the page was read.
 */
function seed(initial: TimelineFirstView): void {
  $items.set(initial.items);
  $nextBefore.set(initial.nextBefore);
  $promoted.set(initial.promoted);
  $state.set('loaded');
  if ($realtimeStatus.get() === 'open') {
    void reload();
    return;
  }
  const stop = $realtimeStatus.listen((status) => {
    if (status !== 'open') return;
    stop();
    void reload();
  });
}

function onBoth(change: (list: TimelineItem[]) => TimelineItem[]): void {
  $items.set(change($items.get()));
  $promoted.set(change($promoted.get()));
}

/** The first page being read again: it replaces the list, so an older page waits for it. */
let reloading: Promise<void> | undefined;

/** The first page and the promoted items again (after a reconnect, a bulk change, or for the viewer's own view). */
export function reload(): Promise<void> {
  if (!context) return Promise.resolve();
  const current = readFirstPage(context);
  reloading = current;
  void current.finally(() => { if (reloading === current) reloading = undefined; });
  return current;
}

async function readFirstPage({ eventId, platform }: { eventId: number; platform: Platform }): Promise<void> {
  try {
    const [page, promoted] = await Promise.all([fetchPage(eventId, platform), fetchPromoted(eventId, platform)]);
    $items.set(page.items);
    $nextBefore.set(page.nextBefore);
    $promoted.set(promoted);
    $state.set('loaded');
  } catch {
    if ($state.get() !== 'loaded') $state.set('failed');
  }
}

/** The next older page, appended (after the first page being read again, which would replace it). */
export async function loadMore(): Promise<void> {
  if (!context || $nextBefore.get() === null || $loadingMore.get()) return;
  $loadingMore.set(true);
  try {
    await reloading;
    const before = $nextBefore.get();
    if (before === null) return;
    const page = await fetchPage(context.eventId, context.platform, before);
    $items.set(merge.appendPage($items.get(), page.items));
    $nextBefore.set(page.nextBefore);
  } catch { /* the button stays for another try */ } finally {
    $loadingMore.set(false);
  }
}

/** Toggles the viewer's like at once, with the action disabled until the server answers. */
export async function toggleLike(item: TimelineItem): Promise<void> {
  if (!context || $likesInFlight.get().has(item.TimelineID)) return;
  const { eventId } = context;
  const userId = me();
  const id = item.TimelineID;
  const isLiked = !item.isLiked;
  const list = item.isPromo === '1' ? $promoted : $items;
  list.set(merge.toggleLike(list.get(), id, isLiked, userId));
  $likesInFlight.set(new Set([...$likesInFlight.get(), id]));
  try {
    const result = await sendLike(eventId, id, isLiked);
    list.set(merge.settleLike(list.get(), id, result.Likes, result.isLiked, userId));
  } catch {
    list.set(merge.toggleLike(list.get(), id, !isLiked, userId));
  } finally {
    const rest = new Set($likesInFlight.get());
    rest.delete(id);
    $likesInFlight.set(rest);
  }
}

/** Why a post or comment was not stored, as the form shows it. */
export type SendFailure = 'tooMany' | 'notImage' | 'tooLarge' | 'forbidden' | 'rateLimited' | 'failed';
/** `id`: the new post's (none for a comment). */
export type SendResult = { ok: true; id?: number } | { ok: false; reason: SendFailure };

function failureOf(status: number, body: unknown): SendFailure {
  const code = (body as { error?: string } | null)?.error ?? '';
  if (code === 'timeline.too_many_images') return 'tooMany';
  if (code === 'timeline.invalid_image') return 'notImage';
  if (status === 413) return 'tooLarge';
  if (status === 403) return 'forbidden';
  if (status === 429) return 'rateLimited';
  return 'failed';
}

/** Posts (or, with `inReplyTo`, comments); the answer goes into the list at once. */
export async function send(message: string, files: Blob[], onProgress: (percent: number) => void, inReplyTo?: number): Promise<SendResult> {
  if (!context) return { ok: false, reason: 'failed' };
  const { eventId, platform } = context;
  const answer = inReplyTo === undefined
    ? await uploadPost(eventId, platform, message, files, onProgress)
    : await uploadComment(eventId, platform, inReplyTo, message, files, onProgress);
  if (answer.status !== 201) return { ok: false, reason: failureOf(answer.status, answer.body) };
  if (inReplyTo !== undefined) {
    onBoth((list) => merge.addComment(list, answer.body as TimelineComment));
    return { ok: true };
  }
  const post = answer.body as TimelineItem;
  $items.set(merge.addItem($items.get(), post, platform));
  return { ok: true, id: post.TimelineID };
}

/** Deletes the viewer's own post or comment (the server refuses anyone else's). */
export async function remove(id: number, postId?: number): Promise<boolean> {
  if (!context) return false;
  try {
    await sendDelete(context.eventId, id, postId !== undefined);
  } catch {
    return false;
  }
  if (postId === undefined) {
    $items.set(merge.removeItem($items.get(), id));
    $promoted.set(merge.removeItem($promoted.get(), id));
  } else onBoth((list) => merge.removeComment(list, postId, id));
  return true;
}
