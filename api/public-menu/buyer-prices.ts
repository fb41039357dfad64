/**
 * Each buyer's prices on a public menu: their customer list while in effect, else the menu's bound list, else list
 * prices (see `sync/rules/pricing.ts`). A priced answer is serialised and compressed once per menu answer, list version and
 * day, and shared by every buyer with that list, so a buyer's menu costs about what a guest's does; which list a
 * buyer has is read again only once something was committed. Nothing here reaches the shared page drawn for guests.
 */
import { BoundedMap } from '../platform/limits/bounded-map';
import { pricedMenu } from '../../sync/rules/priced-menu';
import { applicablePriceList, calendarDay } from '../../sync/rules/pricing';
import type { Services } from '../context';
import type { Db } from '../db/database';
import { customerPriceList, menuPriceList, type VersionedPriceList } from '../db/repositories/buyer-prices';
import { keepBody } from '../platform/http/kept-answer';
import type { CachedAnswer } from './cached-answer';

type Pricing = { sellerId: string; menuId: string; buyerTeamId: string | null; day: string };

/** The list that prices the buyer team (null: a guest) on the menu today, or null for list prices. */
export async function listPricing(db: Db, { sellerId, menuId, buyerTeamId, day }: Pricing): Promise<VersionedPriceList | null> {
  const customerList = buyerTeamId ? await customerPriceList(db, sellerId, buyerTeamId) : null;
  return applicablePriceList(customerList, await menuPriceList(db, menuId), day);
}

const MAX_ENTRIES = 1_000;

export class BuyerMenuPrices {
  /** Each (seller, buyer team)'s customer list, as of a change clock value. */
  private readonly lists = new BoundedMap<string, { clock: number; list: VersionedPriceList | null }>(MAX_ENTRIES);
  private readonly answers = new BoundedMap<string, CachedAnswer>(MAX_ENTRIES);

  /** The menu answer as the buyer team sees it: the guests' own when no list of theirs applies. */
  async answer(services: Services, guests: CachedAnswer, buyerTeamId: string): Promise<CachedAnswer> {
    const day = calendarDay(services.now());
    const list = applicablePriceList(await this.customerList(services, guests.sellerId, buyerTeamId), guests.boundList, day);
    if (!list || list.id === guests.boundList?.id) return guests;
    const key = `${guests.etag}|${list.id}|${list.version}|${day}`;
    const kept = this.answers.get(key);
    if (kept) return kept;
    const menu = pricedMenu(guests.base, list);
    const json = JSON.stringify(menu);
    const answer = { ...guests, menu, json, ...keepBody(json) };
    this.answers.set(key, answer);
    return answer;
  }

  private async customerList(services: Services, sellerId: string, buyerTeamId: string): Promise<VersionedPriceList | null> {
    const key = `${sellerId}|${buyerTeamId}`;
    const clock = services.db.committedVersion;
    const kept = this.lists.get(key);
    if (kept?.clock === clock) return kept.list;
    const list = await customerPriceList(services.db.read, sellerId, buyerTeamId);
    this.lists.set(key, { clock, list });
    return list;
  }
}
