import type { APIRoute } from 'astro';
import * as v from 'valibot';
import { DomainError } from '~/server/errors';
import { parseInput, respond } from '~/server/http/respond';
import { readForm } from '~/server/http/read-form';
import { setSessionCookie } from '~/server/http/session-cookie';
import { services } from '~/server/services';

const TokenRequest = v.variant('grant_type', [
  v.object({
    grant_type: v.literal('password'),
    eventId: v.pipe(v.string(), v.minLength(1, 'is required')),
    username: v.pipe(v.string(), v.trim(), v.minLength(1, 'is required'), v.maxLength(320)),
    password: v.pipe(v.string(), v.minLength(1, 'is required'), v.maxLength(1024)),
    visible: v.optional(v.picklist(['0', '1', 'true', 'false'])),
  }),
  v.object({ grant_type: v.literal('refresh_token'), eventId: v.string(), refresh_token: v.pipe(v.string(), v.minLength(1, 'is required')) }),
], 'must be password or refresh_token');

/** SPEC §7 POST /connect/token: password and refresh grants; tokens are opaque and per event. */
export const POST: APIRoute = ({ request, locals, cookies, clientAddress, url }) => respond(async () => {
  const event = locals.event!;
  const input = parseInput(TokenRequest, await readForm(request));
  if (input.eventId !== String(event.eventId) && input.eventId !== event.eventSlug) {
    throw new DomainError('auth.wrong_event', 'This login belongs to another event');
  }
  const { login, tokens } = services();
  const issued = input.grant_type === 'password'
    ? await login.passwordLogin({
      event, username: input.username, password: input.password, address: clientAddress,
      visible: input.visible === undefined ? undefined : input.visible === '1' || input.visible === 'true',
    })
    : await tokens.refresh(input.refresh_token, event.eventId);
  if (!issued) throw new DomainError('auth.invalid_grant', 'The refresh token is not valid');
  setSessionCookie(cookies, issued, url.protocol === 'https:');
  return Response.json(issued, { headers: { 'cache-control': 'no-store' } });
});
