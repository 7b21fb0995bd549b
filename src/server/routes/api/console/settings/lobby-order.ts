import { LobbyOrderInputSchema } from '~/contracts/console-settings';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Puts every lobby section of the event in the given order (`ids`, first to last). */
export const POST = route({
  method: 'POST', path: '/api/console/settings/lobby-order', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { body: LobbyOrderInputSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.settings.reorderLobby(organiser, input.body.ids)),
});
