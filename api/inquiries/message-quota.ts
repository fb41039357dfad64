/**
 * How many inquiries and messages one account may send: per minute and per
 * day, and per hour to any one other party. Checked by the domain functions,
 * so the REST routes and a sync push count against the same quota.
 */
import type { Services } from '../context';
import { RateLimitedError, waitText } from '../platform/limits/rate-limited-error';

/** Counts one message from `authorId` to `recipientId`, or refuses it (counting nothing) when a quota is spent. */
export async function takeMessageQuota(services: Services, authorId: string, recipientId: string): Promise<void> {
  const { quotas } = services;
  const wait = await quotas.take(
    { window: quotas.messagesPerMinute, key: authorId },
    { window: quotas.messagesPerDay, key: authorId },
    { window: quotas.messagesPerPair, key: `${authorId}\n${recipientId}` },
  );
  if (wait > 0) throw new RateLimitedError(`You have sent too many messages. Please try again in ${waitText(wait)}.`, wait);
}
