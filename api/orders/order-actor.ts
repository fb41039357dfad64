/** Who acts on an order, and which side of it they are on: a party's own orders only, a rep's only for their customers. */
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import type { OrderParty } from '../../sync/rules/order-states';
import { mayHandleCustomer } from '../../sync/rules/team-permissions';
import type { Member, Session } from '../context';
import type { Db } from '../db/database';
import { findCustomerOfSeller } from '../db/repositories/customers';
import type { OrderReader, OrderRow } from '../db/repositories/orders';

export const ORDER_NOT_FOUND = 'Order not found';

/** The team's account (whose orders), the member (who, with which role) and their name as the history shows it. */
export type OrderActor = { account: User; member: Member; name: string };

export function orderActor(session: Pick<Session, 'user' | 'team'>): OrderActor {
  const { user, team } = session;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || team.account.businessName || team.account.companyName || user.email;
  return { account: team.account, member: { userId: user.id, role: team.role }, name };
}

/** What the actor may read: a rep of a seller team the orders of their own customers (and any they placed as a buyer). */
export function readerOf(actor: OrderActor): OrderReader {
  const rep = actor.account.role === 'seller' && actor.member.role === 'rep';
  return { teamId: actor.account.id, repUserId: rep ? actor.member.userId : null };
}

/** The actor's side of the order; anyone else (another team, a rep not looking after its customer) is told it does not exist. */
export async function partyOf(
  db: Db,
  actor: OrderActor,
  { sellerId, buyerId, customerId }: Pick<OrderRow, 'sellerId' | 'buyerId' | 'customerId'>,
): Promise<{ party: OrderParty; repUserId: string | null }> {
  const repUserId = (await findCustomerOfSeller(db, sellerId, customerId))?.repUserId ?? null;
  if (sellerId === actor.account.id) {
    if (!mayHandleCustomer(actor.member.role, actor.member.userId, repUserId)) throw new AppError('not_found', ORDER_NOT_FOUND);
    return { party: 'seller', repUserId };
  }
  if (buyerId && buyerId === actor.account.id) return { party: 'buyer', repUserId };
  throw new AppError('not_found', ORDER_NOT_FOUND);
}
