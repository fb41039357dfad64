/**
 * The buyers' daily digest: one email listing the saved menus that changed
 * since the buyer last looked and since the last digest, never one per
 * change, and at most one a day. Run periodically; each buyer's email and
 * the marks that keep the next digest from repeating it are written together.
 */
import type { Services } from '../context';
import { lastMailOfKind } from '../db/repositories/mail';
import { markDigested, savedMenusChangedForDigest, type DigestCandidate } from '../db/repositories/saved-menus';
import { appLink, greetingName, notify } from './mail-service';
import { savedMenusDigestMail } from './templates/notifications';

export const DIGEST_INTERVAL_MS = 24 * 60 * 60 * 1000;

export async function sendSavedMenuDigests(services: Services): Promise<void> {
  const byBuyer = new Map<string, DigestCandidate[]>();
  for (const candidate of await savedMenusChangedForDigest(services.db.read, services.now())) {
    byBuyer.set(candidate.buyerUserId, [...(byBuyer.get(candidate.buyerUserId) ?? []), candidate]);
  }
  const now = services.now().getTime();
  for (const [buyerId, changed] of byBuyer) {
    await services.db.transaction(async (tx) => {
      const last = await lastMailOfKind(tx.db, buyerId, 'saved-menus-digest');
      if (last && now - last.getTime() < DIGEST_INTERVAL_MS) return;
      await notify(services, tx, buyerId, 'saved-menus-digest', (buyer, unsubscribeUrl) =>
        savedMenusDigestMail({ name: greetingName(buyer), menus: changed, url: appLink(services, '/saved-menus'), unsubscribeUrl }),
      );
      // Marked even when the digest is off: turned back on, it tells of what changes from then, not of old news.
      await markDigested(tx.db, changed);
    });
  }
}
