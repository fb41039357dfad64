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
  /** An order cannot make that move from where it is (see sync/rules/order-states.ts). */
  'invalid_transition',
  /** Accepting (or changing) an order would take more than is in stock: `lines` says which. */
  'insufficient_stock',
  /** The customer is held while another of their orders is overdue. */
  'overdue_balance',
] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

export type FieldErrors = Record<string, string>;

/** A line that could not be held: quantities as exact decimal strings. */
export type StockShortfall = { productId: string; strainName: string; requested: string; available: string };

export class AppError extends Error {
  readonly reason: ErrorReason;
  readonly fieldErrors?: FieldErrors;
  readonly lines?: StockShortfall[];

  constructor(reason: ErrorReason, message: string, fieldErrors?: FieldErrors, lines?: StockShortfall[]) {
    super(message);
    this.name = 'AppError';
    this.reason = reason;
    this.fieldErrors = fieldErrors;
    this.lines = lines;
  }
}

/** The JSON body of every failed API answer. */
export type ErrorBody = { message: string; reason: ErrorReason; errors?: FieldErrors; lines?: StockShortfall[] };
