/**
 * The body of every error answer of the API (docs/product.md §7): a `<domain>.<reason>` code such as
 * `booking.full`, a message for logs, and the offending field of a rejected input.
 */
export interface ApiErrorBody {
  error: string;
  message?: string;
  field?: string;
  /** Seconds to wait, on a 429 (also sent as the retry-after header). */
  retryAfter?: number;
}
