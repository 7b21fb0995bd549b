import * as v from 'valibot';
import { RowIdSchema } from '~/contracts/console-speakers';
import { SponsorDocumentNameSchema } from '~/contracts/console-sponsors';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Renames a sponsor's document; answers the sponsor. */
export const POST = route({
  method: 'POST', path: '/api/console/sponsors/:sponsorId/documents/:documentId', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: v.object({ sponsorId: RowIdSchema, documentId: RowIdSchema }), body: SponsorDocumentNameSchema },
  handle: async ({ organiser, input }) =>
    jsonAnswer(await app().console.sponsors.renameDocument(organiser, input.params.sponsorId, input.params.documentId, input.body.name)),
});
