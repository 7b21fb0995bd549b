import type { APIRoute } from 'astro';
import * as v from 'valibot';
import { PLATFORMS } from '~/contracts/event-settings';
import { DomainError } from '~/server/errors';
import { parseInput, respond } from '~/server/http/respond';
import { buildManifest, landingPath } from '~/server/pwa/manifest';
import { assertHostEvent, manifestResponse } from '~/server/pwa/manifest-request';

const Query = v.object({ platform: v.optional(v.picklist(PLATFORMS, 'must be digital or webApp')) });

/**
 * SPEC §7 GET manifest/me: the manifest for the signed-in attendee, whose start page follows
 * their platform (the page passes the platform it was opened on; nothing stores it yet).
 */
export const GET: APIRoute = ({ locals, params, url }) => respond(() => {
  const event = locals.event!;
  assertHostEvent(event, params['eventId']);
  if (!locals.user) throw new DomainError('auth.unauthorized', 'Log in first');
  const { platform } = parseInput(Query, Object.fromEntries(url.searchParams));
  return Promise.resolve(manifestResponse(buildManifest(event, landingPath(event, platform)), 'private, no-store'));
});
