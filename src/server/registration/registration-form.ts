import type { EventInfo } from '~/contracts/event-info';
import type { RegistrationDraft, RegistrationErrors } from '~/lib/registration-rules';
import { toRegistrationDraft } from '~/lib/registration-rules';
import { app } from '~/server/app';
import { DomainError, statusFor } from '~/server/errors';
import { readFields } from '~/server/http/read-body';
import { refuseCrossSite } from '~/server/http/same-origin';
import { RegistrationInvalid } from './registration.service';

export interface RegistrationFormState {
  status: 'idle' | 'received' | 'closed' | 'limited' | 'failed';
  /** What the form shows again: never the password. */
  values: Partial<RegistrationDraft>;
  errors: RegistrationErrors;
  httpStatus: number;
}

/**
 * The no-JavaScript path of /register: the posted form goes through the same service as the
 * API, and the page renders the outcome (errors with the values kept, or "check your e-mail").
 */
export async function submitRegistrationForm(
  event: EventInfo, request: Request, url: URL, { address, origin, browserSecret }: { address: string; origin: string; browserSecret: string },
): Promise<RegistrationFormState> {
  let fields: Record<string, unknown> = {};
  try {
    refuseCrossSite(request, url);
    fields = await readFields(request);
    await app().registration.register({ event, fields, address, origin, browserSecret });
    return { status: 'received', values: { email: toRegistrationDraft(fields).email }, errors: {}, httpStatus: 200 };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const { password: _password, ...values } = toRegistrationDraft(fields);
    if (error instanceof RegistrationInvalid) return { status: 'idle', values, errors: error.errors, httpStatus: 400 };
    const httpStatus = statusFor(error.code);
    const status = httpStatus === 429 ? 'limited' : httpStatus === 422 ? 'closed' : 'failed';
    return { status, values, errors: {}, httpStatus };
  }
}
