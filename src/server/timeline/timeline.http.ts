import type { CallContext } from '~/server/http/request-context';
import { NewCommentSchema, NewPostSchema, TIMELINE_IMAGE_MAX_BYTES, TIMELINE_MAX_IMAGES, TimelineIdSchema, TimelineQuerySchema } from '~/contracts/timeline';
import { DomainError } from '~/server/errors';
import { parseQuery } from '~/server/http/params';
import { readFields } from '~/server/http/read-body';
import { readMultipart } from '~/server/http/read-multipart';
import { parseInput } from '~/server/http/respond';

// One more image than allowed still reads whole, so a ninth is a 400 naming `files`, not a 413.
export const MAX_FORM_BYTES = (TIMELINE_MAX_IMAGES + 1) * TIMELINE_IMAGE_MAX_BYTES + 256 * 1024;
/** File fields a post may use: `files` (docs/product.md §7) and the `files[]` of PHP-style clients. */
const FILE_FIELDS = ['files', 'files[]'];

/** The text fields and images of addTimelineEntry. */
export async function readNewPost(request: Request) {
  const { fields, files } = await readMultipart(request, FILE_FIELDS);
  return { ...parseInput(NewPostSchema, fields), files };
}

/** The fields and images of addTimelineComment. */
export async function readNewComment(request: Request) {
  const { fields, files } = await readMultipart(request, FILE_FIELDS);
  return { ...parseInput(NewCommentSchema, fields), files };
}

/** `timelineId` of a JSON or form body (delete, like, unlike). */
export async function readTimelineId(request: Request): Promise<number> {
  return parseInput(TimelineIdSchema, await readFields(request)).timelineId;
}

/** getAllTimelineItems/{count}: the count (1–100) from the path, `before` and `platform` from the query. */
export function readPageQuery(context: CallContext) {
  const raw = context.params['count'];
  let count: number | undefined;
  if (raw !== undefined) {
    if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1) throw new DomainError('request.invalid', 'count: must be a positive number', { field: 'count' });
    count = Number(raw);
  }
  return { count, ...parseQuery(TimelineQuerySchema, context.url) };
}
