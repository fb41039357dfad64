/**
 * Every per-account and per-address quota, in one place: how much one
 * account or address may do within a window before it is answered 429 with
 * Retry-After. Generous for people, tight for scripts. The limiters live in
 * memory (see RequestLimiter); the caps that count what is stored (unused
 * uploads, device ids) are read from the database where they are checked.
 */
import { RequestLimiter } from './request-limiter';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const MEGABYTE = 1024 * 1024;

/** Accounts registered from one address per hour, unless REGISTRATIONS_PER_HOUR says otherwise (an office behind one address). */
export const DEFAULT_REGISTRATIONS_PER_HOUR = 10;

/** Inquiries and messages one account sends, through the API or a sync push. */
export const MESSAGES_PER_MINUTE = 30;
export const MESSAGES_PER_DAY = 300;
/** Messages from one account to one other party (a buyer to a seller, a seller to a buyer) per hour: one conversation cannot flood an inbox. */
export const MESSAGES_PER_PAIR_PER_HOUR = 60;

/** Upload bytes one account sends. Per minute at least three of the largest files, so a seller's burst of photos goes through. */
export const UPLOAD_BYTES_PER_MINUTE = 30 * MEGABYTE;
export const UPLOAD_BYTES_PER_DAY = 500 * MEGABYTE;
/** Bytes of an account's uploads that no product, profile or menu uses yet: room for photos whose product has not synced. */
export const MAX_UNUSED_UPLOAD_BYTES = 200 * MEGABYTE;

/** Sync device ids of one account that pushed within the window; a known device id is never refused. */
export const MAX_ACTIVE_DEVICES = 20;
export const ACTIVE_DEVICE_WINDOW_MS = 30 * DAY_MS;

export class Quotas {
  readonly registrationsPerAddress: RequestLimiter;
  readonly messagesPerMinute: RequestLimiter;
  readonly messagesPerDay: RequestLimiter;
  readonly messagesPerPair: RequestLimiter;
  readonly uploadBytesPerMinute: RequestLimiter;
  readonly uploadBytesPerDay: RequestLimiter;

  constructor(registrationsPerHour: number, now: () => number = Date.now) {
    this.registrationsPerAddress = new RequestLimiter(registrationsPerHour, HOUR_MS, now);
    this.messagesPerMinute = new RequestLimiter(MESSAGES_PER_MINUTE, MINUTE_MS, now);
    // Daily lists hold up to a few hundred times per account: fewer accounts are kept than for the short windows.
    this.messagesPerDay = new RequestLimiter(MESSAGES_PER_DAY, DAY_MS, now, 10_000);
    this.messagesPerPair = new RequestLimiter(MESSAGES_PER_PAIR_PER_HOUR, HOUR_MS, now);
    this.uploadBytesPerMinute = new RequestLimiter(UPLOAD_BYTES_PER_MINUTE, MINUTE_MS, now);
    this.uploadBytesPerDay = new RequestLimiter(UPLOAD_BYTES_PER_DAY, DAY_MS, now, 10_000);
  }
}
