import * as v from 'valibot';
import { route, FORM_BODY } from '~/server/http/route-rules';
import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { NO_STORE } from '~/server/http/cache-headers';
import { heldSignupSecret } from '~/server/http/signup-cookie';
import { clientAddressOf, isHttps } from '~/server/http/client';
import { eventMatches } from '~/server/http/event-match';
import { setSessionCookie } from '~/server/http/session-cookie';
import { jsonAnswer } from '~/server/http/answer-bytes';

const Visible = v.optional(v.picklist(['0', '1', 'true', 'false']));
const EventId = v.pipe(v.string(), v.minLength(1, 'is required'));

const TokenRequest = v.variant('grant_type', [
  v.object({
    grant_type: v.literal('password'),
    eventId: EventId,
    username: v.pipe(v.string(), v.trim(), v.minLength(1, 'is required'), v.maxLength(320)),
    password: v.pipe(v.string(), v.minLength(1, 'is required'), v.maxLength(1024)),
    visible: Visible,
    pinId: v.optional(v.pipe(v.string(), v.maxLength(64))),
    pin: v.optional(v.pipe(v.string(), v.maxLength(16))),
  }),
  v.object({ grant_type: v.literal('otp'), eventId: EventId, token: v.pipe(v.string(), v.minLength(1, 'is required'), v.maxLength(256)), visible: Visible }),
  v.object({ grant_type: v.literal('refresh_token'), eventId: v.string(), refresh_token: v.pipe(v.string(), v.minLength(1, 'is required')) }),
], 'must be password, otp or refresh_token');

const asVisible = (value: string | undefined) => (value === undefined ? undefined : value === '1' || value === 'true');

/** docs/product.md §7 POST /connect/token: password (with pin under two-factor), otp and refresh grants; tokens are opaque and per event. */
export const POST = route({
  method: 'POST', path: '/connect/token', who: 'login', sideEffects: true, cache: 'private', bodyLimit: FORM_BODY,
  input: { body: TokenRequest },
  handle: async (context) => {
    const { event } = context;
    const { cookies } = context;
    const input = context.input.body;
    if (!eventMatches(event, input.eventId)) {
      throw new DomainError('auth.wrong_event', 'This login belongs to another event');
    }
    const { login } = app();
    const issued = input.grant_type === 'password'
      ? await login.passwordLogin({
        event, username: input.username, password: input.password, address: clientAddressOf(context),
        visible: asVisible(input.visible), pinId: input.pinId, pin: input.pin,
      })
      : input.grant_type === 'otp'
        ? await login.otpLogin({ event, token: input.token, visible: asVisible(input.visible), browserSecret: heldSignupSecret(cookies) })
        : await app().tokens.refresh(input.refresh_token, event.eventId);
    if (!issued) throw new DomainError('auth.invalid_grant', 'The refresh token is not valid');
    setSessionCookie(cookies, issued, isHttps(context));
    return jsonAnswer(issued, { headers: NO_STORE });
  },
});
