/**
 * The buyers' daily digest: one email listing the saved menus that changed
 * since the buyer last looked and since the last digest, never one per
 * change, and at most one a day, each menu with what changed on it since the
 * buyer last looked (a few lines at most). Run periodically; each buyer's email and
 * the marks that keep the next digest from repeating it are written together.
 */
import { describeMenuDiff, diffMenus, menuFacts } from '../../sync/rules/menu-diff';
import { AppError } from '../../sync/contract/errors';
import { pricedMenusOf } from '../public-menu/priced-menus';
import type { Services } from '../context';
import { lastMailOfKind } from '../db/repositories/mail';
import { lastPushedAt, notePushed } from '../db/repositories/push';
import { markDigested, savedMenusChangedForDigest, type DigestCandidate } from '../db/repositories/saved-menus';
import { pushNews } from '../push/push-news';
import { appLink, greetingName, notify } from './mail-service';
import { savedMenusDigestMail } from './templates/notifications';

export const DIGEST_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Lines of changes told per menu: the rest is counted, and the saved menu's page lists them all. */
export const DIGEST_CHANGES_PER_MENU = 5;
const DIGEST_LINE_LENGTH = 200;

/** What changed on one menu since the buyer last looked, in at most `DIGEST_CHANGES_PER_MENU` lines of bounded length. */
export function digestChangeLines(lines: string[]): string[] {
  const shown = lines.slice(0, DIGEST_CHANGES_PER_MENU).map((line) => (line.length > DIGEST_LINE_LENGTH ? `${line.slice(0, DIGEST_LINE_LENGTH - 1)}…` : line));
  const more = lines.length - shown.length;
  return more > 0 ? [...shown, `and ${more} more ${more === 1 ? 'change' : 'changes'}`] : shown;
}

/** Nothing is listed for a copy seen before its facts were kept, or a menu that no longer opens: its name still goes. */
async function changesOf(services: Services, candidate: DigestCandidate): Promise<string[]> {
  if (!candidate.seenMenu) return [];
  try {
    // At the buyer's own prices, as the facts they last saw were kept.
    const current = menuFacts(await pricedMenusOf(services).menu(services, candidate.publicLinkId, candidate.buyerUserId));
    return digestChangeLines(describeMenuDiff(diffMenus(candidate.seenMenu, current)));
  } catch (error) {
    if (error instanceof AppError && error.reason === 'not_found') return [];
    throw error;
  }
}

export async function sendSavedMenuDigests(services: Services): Promise<void> {
  const byBuyer = new Map<string, DigestCandidate[]>();
  for (const candidate of await savedMenusChangedForDigest(services.db.read, services.now())) {
    byBuyer.set(candidate.buyerUserId, [...(byBuyer.get(candidate.buyerUserId) ?? []), candidate]);
  }
  const now = services.now().getTime();
  for (const [buyerId, changed] of byBuyer) {
    const menus = await Promise.all(changed.map(async (candidate) => ({ ...candidate, changes: await changesOf(services, candidate) })));
    await services.db.transaction(async (tx) => {
      // Daily by whichever went out: the email, or (the email turned off) the push.
      const last = [await lastMailOfKind(tx.db, buyerId, 'saved-menus-digest'), await lastPushedAt(tx.db, buyerId, 'saved-menus-changed')];
      if (last.some((at) => at && now - at.getTime() < DIGEST_INTERVAL_MS)) return;
      await notify(services, tx, buyerId, 'saved-menus-digest', (buyer, unsubscribeUrl) =>
        savedMenusDigestMail({ name: greetingName(buyer), menus, url: appLink(services, '/saved-menus'), unsubscribeUrl }),
      );
      const names = menus.map((menu) => menu.menuName);
      const pushed = await pushNews(
        services,
        tx,
        { team: buyerId },
        {
          kind: 'saved-menus-changed',
          title: names.length === 1 ? `${names[0]} changed` : `${names.length} saved menus changed`,
          body: names.length === 1 ? (menus[0]!.changes[0] ?? 'See what changed.') : names.join(', '),
          url: '/saved-menus',
          tag: 'saved-menus-changed',
        },
      );
      if (pushed > 0) await notePushed(tx.db, buyerId, 'saved-menus-changed', services.now());
      // Marked even when the digest is off: turned back on, it tells of what changes from then, not of old news.
      await markDigested(tx.db, changed);
    });
  }
}
