import { IdSchema } from '~/contracts/agenda';
import * as v from 'valibot';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { parseInput, respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 liveGetSpeakerInfo/{id}: one speaker with sessions and contact links. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event } = await memberCall(context);
  const { id } = parseInput(v.object({ id: IdSchema }), { id: context.params['id'] });
  return jsonAnswer(await app().speakers.getSpeaker(event, id), { headers: NO_STORE });
});
