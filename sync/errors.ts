/**
 * The closed set of reasons a request can fail for. Both sides switch over
 * these; the server maps each to one HTTP status in a single place.
 */
export const ERROR_REASONS = [
  'validation',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'rate_limited',
  'subscription_required',
  'unavailable',
  /** The payment provider refused or did not answer (a declined card, an outage, a timeout). */
  'payment_provider',
] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  readonly reason: ErrorReason;
  readonly fieldErrors?: FieldErrors;

  constructor(reason: ErrorReason, message: string, fieldErrors?: FieldErrors) {
    super(message);
    this.name = 'AppError';
    this.reason = reason;
    this.fieldErrors = fieldErrors;
  }
}

/** The JSON body of every failed API answer. */
export type ErrorBody = { message: string; reason: ErrorReason; errors?: FieldErrors };
