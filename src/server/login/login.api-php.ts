import * as v from 'valibot';
import type { ApiPhpHandlers } from '~/server/http/api-php';
import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { NO_STORE } from '~/server/http/cache-headers';
import { eventMatches } from '~/server/http/event-match';
import { parseInput } from '~/server/http/respond';
import { jsonAnswer } from '~/server/http/answer-bytes';

const Email = v.pipe(v.string('is required'), v.trim(), v.email('is not a valid e-mail address'), v.maxLength(320));

const PinRequest = v.object({ useremail: Email, eventid: v.optional(v.string()) });

const SmsRecovery = v.object({
  countryPrefix: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\+?\d{0,4}$/, 'must be digits with an optional +')), ''),
  // docs/product.md §5: the phone without whitespace is longer than 5 characters.
  phoneNumber: v.pipe(v.string('is required'), v.transform((s) => s.replace(/\s/g, '')), v.minLength(6, 'must be longer than 5 characters'), v.maxLength(20), v.regex(/^\+?\d+$/, 'must be digits')),
  eventId: v.optional(v.string()),
});

function matchEventParam(value: string | undefined, event: { eventId: number; eventSlug: string }): void {
  if (value !== undefined && value !== '' && !eventMatches(event, value)) {
    throw new DomainError('event.wrong_event', 'This call belongs to another event');
  }
}

const noStore = { headers: NO_STORE };

/** Two-factor pins and recovery by SMS (docs/product.md §7), answered the same whether or not the account exists. */
export const loginApiPhpHandlers: ApiPhpHandlers = {
  'authentication.getTwoFactorPin': {
    async GET({ event, query, clientAddress }) {
      const input = parseInput(PinRequest, Object.fromEntries(query));
      matchEventParam(input.eventid, event);
      const pinId = await app().twoFactor.requestPin({ event, email: input.useremail, address: clientAddress });
      return jsonAnswer({ status: 'success', data: { pinId } }, noStore);
    },
  },
  'password.newPasswordViaSms': {
    async GET({ event, query, clientAddress }) {
      const input = parseInput(SmsRecovery, Object.fromEntries(query));
      matchEventParam(input.eventId, event);
      await app().recovery.bySms({ event, countryPrefix: input.countryPrefix, phoneNumber: input.phoneNumber, address: clientAddress });
      return jsonAnswer({ smsSent: true }, noStore);
    },
  },
};
