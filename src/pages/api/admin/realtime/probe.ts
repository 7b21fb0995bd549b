import type { APIRoute } from 'astro';
import * as v from 'valibot';
import { assertAdmin } from '~/server/admin/admin-token';
import { DomainError, toErrorResponse } from '~/server/errors';
import { realtime } from '~/server/realtime/index';

const ProbeBody = v.object({ seq: v.pipe(v.number(), v.integer()), sentAt: v.pipe(v.number(), v.finite()) });

/**
 * Publishes a `realtime-probe` to every socket of the host's event, on every node: the
 * fan-out benchmark and tests time delivery with it. Answers with this node's socket count.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  try {
    assertAdmin(request);
    const body = v.safeParse(ProbeBody, await request.json().catch(() => undefined));
    if (!body.success) throw new DomainError('realtime.invalid', 'Expected { seq, sentAt }');
    const eventId = locals.event!.eventId;
    await realtime().publish(eventId, 'realtime-probe', body.output);
    return Response.json({ published: true, connections: realtime().connections(eventId) }, { status: 202 });
  } catch (error) {
    if (error instanceof DomainError) return toErrorResponse(error);
    throw error;
  }
};
