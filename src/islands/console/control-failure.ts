import { ApiError } from '~/islands/http/api-error';
import type { Translate } from '~/lib/translate';
import type { ControlFailure } from './console.store';

const BY_STATUS: Record<number, string> = {
  0: 'console.errors.offline', 401: 'console.errors.signedOut', 403: 'console.errors.forbidden', 404: 'console.errors.notFound',
  409: 'console.errors.conflict', 413: 'console.errors.tooLarge', 422: 'console.errors.conflict', 429: 'console.errors.tooFast',
  503: 'console.errors.busy',
};

/** What a failed call tells the organiser: a 400 names the input it refused, the rest say what to do. */
export function failureText(failure: ControlFailure, t: Translate): string {
  if (failure.status === 400) {
    const key = `console.errors.fields.${failure.field ?? ''}`;
    const label = t(key);
    return t('console.errors.invalid', { field: label === key ? (failure.field ?? '') : label });
  }
  return t(BY_STATUS[failure.status] ?? 'console.errors.failed');
}

/** A failed call as a control shows it: the status (0: no answer), the code, the field a 400 names. */
export function failureOf(error: unknown): ControlFailure {
  if (error instanceof ApiError) return { status: error.status, code: error.code, field: error.field };
  return { status: 0, code: 'request.failed' };
}
