/**
 * When a message or an order request was written: the author's device stamps
 * it, since one written offline reaches the server later. The server keeps
 * the device's time only when it is believable; otherwise its own time of
 * receipt. A device clock is never a reason to refuse what someone wrote.
 */
import { z } from 'zod';

/** How far ahead of the server a device's clock may run. */
export const WRITTEN_AT_SKEW_MS = 2 * 60 * 1000;
/** The oldest a written time may be: a device offline longer than this gets the time it was received. */
export const WRITTEN_AT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Received later than this after it was written: it waited on the device, and says so. */
export const SENT_LATER_AFTER_MS = 2 * 60 * 1000;

/** The device's time of writing, as sent: checked by `acceptedWrittenAt`, never refused. */
export const writtenAtInput = z.string().max(64).optional();

/** The time a message counts as written: the device's, when it is a time within bounds of `receivedAt`. */
export function acceptedWrittenAt(claimed: string | undefined, receivedAt: Date): Date {
  const time = claimed === undefined ? Number.NaN : Date.parse(claimed);
  const received = receivedAt.getTime();
  if (Number.isNaN(time) || time > received + WRITTEN_AT_SKEW_MS || time < received - WRITTEN_AT_MAX_AGE_MS) return receivedAt;
  return new Date(Math.min(time, received));
}

/** Whether it reached the server notably after it was written (it waited for a connection). */
export function sentWhenBackOnline(writtenAt: string, receivedAt: string): boolean {
  return Date.parse(receivedAt) - Date.parse(writtenAt) > SENT_LATER_AFTER_MS;
}

/** When it was written; a copy kept before the written time was known counts its time of receipt. */
export function writtenTime(entry: { createdAt: string; writtenAt?: string }): string {
  return entry.writtenAt ?? entry.createdAt;
}
