import { parseIdList, PARTICIPANTS_MAX_IDS } from '~/contracts/participants';
import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 GET participants/{x}: the visible participants among comma-separated ids (hidden and unknown ones left out). */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const ids = parseIdList(context.params['ids'] ?? '');
  if (!ids) throw new DomainError('request.invalid', `ids: 1 to ${PARTICIPANTS_MAX_IDS} comma-separated user ids`, { field: 'ids' });
  return jsonAnswer(await app().participants.some(event, user.userId, ids), { headers: NO_STORE });
});
