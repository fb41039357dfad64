/**
 * Each step of an order told by email and push, queued in the step's own transaction (a refused step sends nothing).
 * Email reaches the side that did not make the step: on the seller's side the team's current owners and managers and
 * the customer's rep, on the buyer's the buyer team's members, each only while they may see the order (`hearsOf` in
 * sync/rules/team-permissions.ts, asked when it is queued and again when it is sent) and only when they left that email on.
 * Of a step the seller's team made itself, only the customer's rep hears; a buyer's new order is confirmed to the
 * buyer's team. An email of an order that is invoiced carries the invoice, drawn as the email is sent.
 */
import type { Order } from '../../sync/entities/order';
import type { NotificationKind } from '../../sync/entities/email-preferences';
import type { PushKind } from '../../sync/entities/push';
import { isInvoiced, type OrderParty } from '../../sync/rules/order-states';
import type { Services } from '../context';
import type { Tx } from '../db/database';
import { teamMembersWithRoles } from '../db/repositories/push';
import { appLink, greetingName, notifyEach } from '../mail/mail-service';
import { compose } from '../mail/templates/layout';
import { pushNews } from '../push/push-news';
import type { NewsScope } from '../team/news-audience';
import { orderMailText, type OrderNewsView, type OrderStep } from './order-mail-content';

export type { OrderStep } from './order-mail-content';

type Actor = { teamId: string; userId: string };

/** One side's readers of the step: whom to ask, the email they may turn off, and whose business it is. */
type SideNews = { reader: OrderParty; candidates: string[]; kind: NotificationKind; scope: NewsScope };

const memberIds = async (tx: Tx, teamId: string) => (await teamMembersWithRoles(tx.db, teamId)).map((member) => member.userId);

/** Who of each side is asked whether they hear of the step (`notifyEach` keeps those who may see the order). */
async function sidesTold(tx: Tx, order: Order, step: OrderStep, by: Actor, repUserId: string | null): Promise<SideNews[]> {
  const sides: SideNews[] = [];
  const sellerActed = order.sellerTeamId === by.teamId;
  const sellerCandidates = sellerActed ? (repUserId && repUserId !== by.userId ? [repUserId] : []) : await memberIds(tx, order.sellerTeamId);
  sides.push({ reader: 'seller', candidates: sellerCandidates, kind: 'order-request', scope: { teamId: order.sellerTeamId, customerId: order.customerId } });
  if (order.buyerTeamId) {
    const buyerActed = order.buyerTeamId === by.teamId;
    // The buyer's own new order is confirmed to their team, the one who placed it too; their other steps they know of.
    const told = !buyerActed || step === 'submitted';
    sides.push({ reader: 'buyer', candidates: told ? await memberIds(tx, order.buyerTeamId) : [], kind: 'order-status', scope: { teamId: order.buyerTeamId } });
  }
  return sides;
}

/** Tells the step to everyone concerned (see above), by email and push. */
export async function notifyOrderStep(services: Services, tx: Tx, order: Order, step: OrderStep, by: Actor, repUserId: string | null): Promise<void> {
  const actedBy: OrderParty = order.sellerTeamId === by.teamId ? 'seller' : 'buyer';
  const invoiceOrderId = isInvoiced(order) ? order.id : undefined;
  for (const side of await sidesTold(tx, order, step, by, repUserId)) {
    if (side.candidates.length === 0) continue;
    const text = orderMailText(order, { step, actedBy, reader: side.reader });
    await notifyEach(
      services,
      tx,
      side.candidates,
      side.kind,
      (person, unsubscribeUrl) =>
        compose({
          subject: text.subject,
          greeting: `Hello ${greetingName(person)},`,
          paragraphs: [...text.blocks, ...(invoiceOrderId ? ['The invoice is attached.'] : [])],
          action: { label: 'Open the order', url: appLink(services, `/orders/${order.id}`) },
          reason: 'You get this email because you take part in this order. Turn these emails off under Profile, Notifications, or unsubscribe below.',
          unsubscribeUrl,
        }),
      side.scope,
      invoiceOrderId,
    );
  }
  await pushOrderStep(services, tx, order, { step, actedBy, reader: actedBy === 'seller' ? 'buyer' : 'seller' }, by, repUserId);
}

/**
 * The push of a step: the seller side hears of a new order, the buyer of a change to approve, each side of the rest.
 * A step the seller's team made itself reaches, of that team, only the customer's rep.
 */
async function pushOrderStep(services: Services, tx: Tx, order: Order, view: OrderNewsView, by: Actor, repUserId: string | null) {
  const { step } = view;
  const bodyFor = (reader: OrderParty) => orderMailText(order, { ...view, reader }).headline;
  const news = (kind: PushKind, title: string, reader: OrderParty) => ({ kind, title, body: bodyFor(reader), url: `/orders/${order.id}`, tag: `order-${order.id}` });
  const buyer = order.buyerTeamId && order.buyerTeamId !== by.teamId ? order.buyerTeamId : null;
  const sellerSide =
    step === 'submitted' ? news('new-order', `New order ${order.number} from ${order.customerName}`, 'seller') : news('order-status', `Order ${order.number} ${step}`, 'seller');
  const sellerActed = view.actedBy === 'seller';
  await pushNews(
    services,
    tx,
    { team: order.sellerTeamId, ...(sellerActed && { only: repUserId ? [repUserId] : [] }), actor: by.userId, customerId: order.customerId },
    sellerSide,
  );
  const awaitsBuyer = step === 'changed' && order.status === 'awaiting_buyer';
  const buyerSide = awaitsBuyer ? news('order-approval', `Order ${order.number} awaits your approval`, 'buyer') : news('order-status', `Order ${order.number} ${step}`, 'buyer');
  await pushNews(services, tx, { team: buyer, actor: by.userId }, buyerSide);
}
