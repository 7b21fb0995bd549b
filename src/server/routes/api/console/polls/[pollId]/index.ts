import * as v from 'valibot';
import { PollDraftSchema } from '~/contracts/console-polls';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { PathIdSchema } from '~/server/http/params';
import { route } from '~/server/http/route-rules';

const params = v.object({ pollId: PathIdSchema });

/** A poll as the editor shows it: its alternatives, items, settings and answers so far. */
export const GET = route({
  method: 'GET', path: '/api/console/polls/:pollId', who: 'organiser', sideEffects: false, cache: 'private',
  input: { params },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.pollEditor.read(organiser, input.params.pollId)),
});

/** Saves the poll whole; with answers only its wording, colours and settings (409 `poll.locked` otherwise). */
export const PUT = route({
  method: 'PUT', path: '/api/console/polls/:pollId', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params, body: PollDraftSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.pollEditor.update(organiser, input.params.pollId, input.body)),
});

/** Deletes the poll; one with answers is archived, and only with `?archive=true` (409 `poll.locked` with the count otherwise). */
export const DELETE = route({
  method: 'DELETE', path: '/api/console/polls/:pollId', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params, query: v.object({ archive: v.optional(v.picklist(['true', 'false'], 'must be true or false'), 'false') }) },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.pollEditor.remove(organiser, input.params.pollId, input.query.archive === 'true')),
});
