import { PollDraftSchema } from '~/contracts/console-polls';
import { app } from '~/server/app';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';
import { CONSOLE_BODY } from '~/server/console/console.http';

/** The event's polls, quizzes and hunts with their state and answers so far. */
export const GET = route({
  method: 'GET', path: '/api/console/polls', who: 'organiser', sideEffects: false, cache: 'private',
  handle: async (context) => jsonAnswer(await app().console.polls.list(context.organiser)),
});

/** A new poll, quiz, hunt or rating poll (docs/console.md "Preparing polls"): closed, or opened at once with `open`. */
export const POST = route({
  method: 'POST', path: '/api/console/polls', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { body: PollDraftSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.pollEditor.create(organiser, input.body), { status: 201 }),
});
