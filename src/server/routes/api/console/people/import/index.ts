import { ImportInputSchema, IMPORT_BODY_LIMIT, type ImportProgressLine } from '~/contracts/console-people';
import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { log } from '~/server/log';
import { route } from '~/server/http/route-rules';

const line = (value: ImportProgressLine) => new TextEncoder().encode(`${JSON.stringify(value)}\n`);

/**
 * Imports the CSV all or nothing. A file with any broken rule is a 400 listing every row and
 * field, and nothing is written; a good one is answered as it is written, one JSON line per batch
 * (`progress`) and a last `done` (or `error`: then nothing was written either).
 */
export const POST = route({
  method: 'POST', path: '/api/console/people/import', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: IMPORT_BODY_LIMIT, limit: 'console',
  input: { body: ImportInputSchema },
  handle: async ({ organiser, input }) => {
    const people = app().people;
    const plan = await people.planImport(organiser, input.body.csv);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(line({ type: 'progress', done: 0, total: plan.total }));
        people.writeImport(organiser, plan, (done, total) => controller.enqueue(line({ type: 'progress', done, total })))
          .then((result) => controller.enqueue(line({ type: 'done', ...result })))
          .catch((error: unknown) => {
            if (!(error instanceof DomainError)) log.error('attendee import failed', { eventId: organiser.eventId, error: String(error) });
            const known = error instanceof DomainError ? error : new DomainError('attendee.error', 'The import failed; nothing was imported. Try again');
            controller.enqueue(line({ type: 'error', error: known.code, message: known.message }));
          })
          .finally(() => controller.close());
      },
    });
    return new Response(body, { headers: { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' } });
  },
});
