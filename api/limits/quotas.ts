/**
 * Every per-account and per-address quota, in one place: how much one
 * account or address may do within a window before it is answered 429 with
 * Retry-After. Generous for people, tight for scripts. The counts live in
 * a LimitStore (this process's memory, or Redis shared by all processes);
 * the caps that count what is stored (unused uploads, device ids) are read
 * from the database where they are checked.
 */
import { quotaKeyOf } from '../platform/http/client-address';
import type { LimitStore, LimitWindow, Spend } from '../platform/limits/limit-store';

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

/**
 * Orders one account places (a buyer's, or a seller team's for its customers), through the API or a sync push, unless
 * ORDERS_PER_MINUTE, ORDERS_PER_DAY and ORDERS_PER_PAIR_PER_HOUR say otherwise: a day's booth orders pushed at once go
 * through within the minute; a script's thousands do not, nor the notification each one mails.
 */
export const DEFAULT_ORDER_LIMITS: OrderLimits = { perMinute: 120, perDay: 2_000, perPairPerHour: 30 };
export type OrderLimits = {
  perMinute: number;
  perDay: number;
  /** Orders from one account to one other party (a buyer to a seller, a seller team for one customer) per hour: one party's inbox is not flooded. */
  perPairPerHour: number;
};

/** Upload bytes one account sends. Per minute at least three of the largest files, so a seller's burst of photos goes through. */
export const UPLOAD_BYTES_PER_MINUTE = 30 * MEGABYTE;
export const UPLOAD_BYTES_PER_DAY = 500 * MEGABYTE;
/** Bytes of an account's uploads that no product, profile or menu uses yet: room for photos whose product has not synced. */
export const MAX_UNUSED_UPLOAD_BYTES = 200 * MEGABYTE;

/** Changes of address one account asks for per hour: each mails a link to an address of the caller's choosing and checks the password. */
export const EMAIL_CHANGES_PER_HOUR = 3;

/** Password re-checks by one signed-in account per hour, right or wrong: a person needs a handful. */
export const PASSWORD_CHECKS_PER_HOUR = 20;

/**
 * Invoice PDFs one account downloads: a person going through a month's invoices one by one stays well within;
 * a script asking again and again is stopped before it keeps the worker pool busy.
 */
export const INVOICE_DOWNLOADS_PER_MINUTE = 20;
export const INVOICE_DOWNLOADS_PER_HOUR = 300;

/** Sync device ids of one account that pushed within the window; a known device id is never refused. */
export const MAX_ACTIVE_DEVICES = 20;
export const ACTIVE_DEVICE_WINDOW_MS = 30 * DAY_MS;

/** Daily windows hold up to a few thousand spends per account: fewer accounts are kept in memory than for the short ones. */
const DAILY_MAX_KEYS = 10_000;

export class Quotas {
  readonly registrationsPerAddress: LimitWindow;
  readonly messagesPerMinute: LimitWindow = { name: 'messages-minute', limit: MESSAGES_PER_MINUTE, windowMs: MINUTE_MS };
  readonly messagesPerDay: LimitWindow = { name: 'messages-day', limit: MESSAGES_PER_DAY, windowMs: DAY_MS, maxKeys: DAILY_MAX_KEYS };
  readonly messagesPerPair: LimitWindow = { name: 'messages-pair', limit: MESSAGES_PER_PAIR_PER_HOUR, windowMs: HOUR_MS };
  readonly uploadBytesPerMinute: LimitWindow = { name: 'upload-bytes-minute', limit: UPLOAD_BYTES_PER_MINUTE, windowMs: MINUTE_MS };
  readonly uploadBytesPerDay: LimitWindow = { name: 'upload-bytes-day', limit: UPLOAD_BYTES_PER_DAY, windowMs: DAY_MS, maxKeys: DAILY_MAX_KEYS };
  /** Password reset requests per e-mail address and per client: enough for a typo or a lost email, too few to flood an inbox. */
  readonly resetsPerAddress: LimitWindow = { name: 'resets-address', limit: 3, windowMs: HOUR_MS };
  readonly resetsPerClient: LimitWindow = { name: 'resets-client', limit: 10, windowMs: HOUR_MS };
  /**
   * Tries of a reset link (setting a new password) per client: a person needs one or two, a script trying links gets few.
   * None per link or account: links are 256 random bits, and an account gets only `resetsPerAddress` of them.
   */
  readonly resetLinkTriesPerClient: LimitWindow = { name: 'reset-link-tries-client', limit: 10, windowMs: HOUR_MS };
  readonly emailChangesPerAccount: LimitWindow = { name: 'email-changes', limit: EMAIL_CHANGES_PER_HOUR, windowMs: HOUR_MS };
  /**
   * Re-checks of a signed-in account's password (changing it or the email, closing the account, making an admin): a
   * stolen session must not become a way to guess the password behind it.
   */
  readonly passwordChecksPerAccount: LimitWindow = { name: 'password-checks', limit: PASSWORD_CHECKS_PER_HOUR, windowMs: HOUR_MS };
  readonly invoiceDownloadsPerMinute: LimitWindow = { name: 'invoice-downloads-minute', limit: INVOICE_DOWNLOADS_PER_MINUTE, windowMs: MINUTE_MS };
  readonly invoiceDownloadsPerHour: LimitWindow = { name: 'invoice-downloads-hour', limit: INVOICE_DOWNLOADS_PER_HOUR, windowMs: HOUR_MS };

  readonly ordersPerMinute: LimitWindow;
  readonly ordersPerDay: LimitWindow;
  readonly ordersPerPair: LimitWindow;

  constructor(
    private readonly store: LimitStore,
    registrationsPerHour: number,
    orders: OrderLimits = DEFAULT_ORDER_LIMITS,
  ) {
    this.registrationsPerAddress = { name: 'registrations', limit: registrationsPerHour, windowMs: HOUR_MS };
    this.ordersPerMinute = { name: 'orders-minute', limit: orders.perMinute, windowMs: MINUTE_MS };
    this.ordersPerDay = { name: 'orders-day', limit: orders.perDay, windowMs: DAY_MS, maxKeys: DAILY_MAX_KEYS };
    this.ordersPerPair = { name: 'orders-pair', limit: orders.perPairPerHour, windowMs: HOUR_MS };
  }

  /** A spend on a per-address window: an IPv6 client counts by its /64, since it may use any address in it. */
  perClient(window: LimitWindow, clientAddress: string): Spend {
    return { window, key: quotaKeyOf(clientAddress) };
  }

  /** Spends on every window or on none: 0 when all had room, else the milliseconds to wait. */
  take(...spends: Spend[]): Promise<number> {
    return this.store.take(spends);
  }
}
