import * as v from 'valibot';
import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { realtime } from '~/server/realtime/index';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

const ProbeBody = v.object({ seq: v.pipe(v.number(), v.integer()), sentAt: v.pipe(v.number(), v.finite()) });

/**
 * Publishes a `realtime-probe` to every socket of the event, on every node: the fan-out
 * benchmark and tests time delivery with it. Answers with this node's socket count.
 */
export const POST = route({
  method: 'POST', path: '/api/admin/events/:slug/realtime-probe', who: 'admin', sideEffects: true, cache: 'private', bodyLimit: 1024,
  input: { body: ProbeBody },
  handle: async (context) => {
    const probe = context.input.body;
    const event = await app().events.findByIdentity(context.params['slug']);
    if (!event) throw new DomainError('event.not_found', 'No such event');
    await realtime().publish(event.eventId, 'realtime-probe', probe);
    return jsonAnswer({ published: true, connections: realtime().connections(event.eventId) }, { status: 202 });
  },
});
