import type { ApiErrorBody } from '~/contracts/api-error';

/** A call that did not succeed: the HTTP status (0 when no answer came) and the server's code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  /** The whole error body, with what a code adds beside the field (a conflict's `booked`). */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(status: number, body: Partial<ApiErrorBody>) {
    super(body.message ?? body.error ?? 'request.failed');
    this.name = 'ApiError';
    this.status = status;
    this.code = body.error ?? 'request.failed';
    this.field = body.field;
    this.details = body;
  }
}

/** Reads the error body of a failed answer; a body that is not the API's shape gives `request.failed`. */
export async function readApiError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as Partial<ApiErrorBody> | null;
  return new ApiError(response.status, typeof body?.error === 'string' ? body : {});
}
