import type { Platform } from '~/contracts/event-settings';
import type { LikeResult, TimelineItem, TimelinePage } from '~/contracts/timeline';
import { ApiError, readApiError } from '~/islands/http/api-error';
import { apiFetch, eventApiUrl, memberJson, memberUploadForm, type UploadAnswer } from '~/islands/http/api.client';

/** SPEC §7 GET getAllTimelineItems; `before` pages to older posts, the next cursor comes in X-Next-Before (docs/timeline.md). */
export async function fetchPage(eventId: number, platform: Platform, before?: number): Promise<TimelinePage> {
  const query = new URLSearchParams({ platform });
  if (before !== undefined) query.set('before', String(before));
  const response = await apiFetch(eventApiUrl(eventId, `getAllTimelineItems?${query.toString()}`), { session: eventId }).catch(() => null);
  if (!response) throw new ApiError(0, { error: 'request.failed' });
  if (!response.ok) throw await readApiError(response);
  const next = response.headers.get('x-next-before');
  return { items: (await response.json()) as TimelineItem[], nextBefore: next ? Number(next) : null };
}

/** SPEC §7 GET getPromotedTimelineItems. */
export const fetchPromoted = (eventId: number, platform: Platform): Promise<TimelineItem[]> =>
  memberJson(eventId, `getPromotedTimelineItems?platform=${platform}`);

function postForm(fields: Record<string, string>, files: Blob[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', file);
  return form;
}

/** SPEC §7 POST addTimelineEntry (multipart), with upload progress. */
export const uploadPost = (eventId: number, platform: Platform, message: string, files: Blob[], onProgress: (percent: number) => void): Promise<UploadAnswer> =>
  memberUploadForm(eventId, 'addTimelineEntry', postForm({ message, platform }, files), onProgress);

/** SPEC §7 POST addTimelineComment (multipart), with upload progress. */
export const uploadComment = (eventId: number, platform: Platform, inReplyTo: number, message: string, files: Blob[], onProgress: (percent: number) => void): Promise<UploadAnswer> =>
  memberUploadForm(eventId, 'addTimelineComment', postForm({ inReplyTo: String(inReplyTo), message, platform }, files), onProgress);

/** SPEC §7 likeTimelineEntry / unlikeTimelineEntry. */
export const sendLike = (eventId: number, timelineId: number, isLiked: boolean): Promise<LikeResult> =>
  memberJson(eventId, isLiked ? 'likeTimelineEntry' : 'unlikeTimelineEntry', { method: 'POST', body: { timelineId } });

/** SPEC §7 deleteTimelineEntry, or the comment's delete call. */
export const sendDelete = (eventId: number, timelineId: number, isComment: boolean): Promise<unknown> =>
  memberJson(eventId, isComment ? 'deleteTimelineComment' : 'deleteTimelineEntry', { method: 'POST', body: { timelineId } });
