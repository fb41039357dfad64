import { z } from 'zod';
import { PRICE_RULE, QUANTITY_RULE } from '../rules/decimal';
import { entityId, isoDate, optionalDecimal, tooLongMessage } from '../contract/fields';
import { PAYMENT_TERMS } from './customer';
import type { CollectionDefinition, MutationDefinitions } from '../contract/definitions';

export const ORDER_STATUSES = ['submitted', 'accepted', 'rejected', 'fulfilled', 'delivered', 'cancelled', 'awaiting_buyer'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ['unpaid', 'partial', 'paid'] as const;
/** Where an order waiting for the buyer's approval of a change goes back to once approved. */
export const RESUME_STATUSES = ['submitted', 'accepted'] as const satisfies readonly OrderStatus[];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_METHODS = ['cash', 'check', 'ach', 'wire', 'card', 'other'] as const;

/** A line as priced when the order was submitted (or last edited): later price changes do not touch it. Money and quantities are exact decimal strings. */
export const orderLineSchema = z.object({
  productId: entityId,
  strainName: z.string(),
  unitType: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  listPrice: z.string().nullable(),
  lineTotal: z.string(),
  /** What reached the buyer, set on delivery (short deliveries give the rest back to stock). */
  deliveredQuantity: z.string().nullable(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** One line of an edit: its quantity before and after (null: the line was not there, or is no longer). */
export const orderLineChangeSchema = z.object({ productId: entityId, strainName: z.string(), unitType: z.string(), from: z.string().nullable(), to: z.string().nullable() });
export type OrderLineChange = z.infer<typeof orderLineChangeSchema>;

/**
 * A step in the order's life: a move to a status, or, with `lineChanges` or `payment`, a change that moves none (the
 * seller changed the lines, recorded a payment), its `status` then the one the order stood in after it.
 */
export const orderHistoryEntrySchema = z.object({
  status: z.enum(ORDER_STATUSES),
  at: isoDate,
  /** The member who made the move, as named then. */
  byName: z.string(),
  /** Why, when the move takes one (a rejection's reason). */
  reason: z.string().optional(),
  /** The seller changed the lines: each line that changed. */
  lineChanges: z.array(orderLineChangeSchema).optional(),
  /** The seller recorded a payment. */
  payment: z.object({ amount: z.string(), method: z.enum(PAYMENT_METHODS) }).optional(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

export const orderPaymentSchema = z.object({ id: entityId, amount: z.string(), method: z.enum(PAYMENT_METHODS), receivedAt: isoDate, byName: z.string() });
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/**
 * A wholesale order between a seller team and a buyer (a customer of the seller, linked to a buyer team when the
 * buyer has an account here). Both parties see it; a rep only for the customers assigned to them.
 */
export const orderSchema = z.object({
  id: entityId,
  /** Sequential per seller team, never repeated or skipped: `SO-1001`. */
  number: z.string(),
  sellerTeamId: entityId,
  sellerName: z.string(),
  buyerTeamId: entityId.nullable(),
  customerId: entityId,
  customerName: z.string(),
  menuId: entityId.nullable(),
  /** The link of the menu the buyer ordered through, to order from it again (null: none; absent on a row made on this device). */
  menuLinkId: z.string().nullable().optional(),
  /** The conversation about it, for an order that began as an order request (absent on a row made on this device). */
  inquiryId: entityId.nullable().optional(),
  status: z.enum(ORDER_STATUSES),
  /** While `awaiting_buyer`: the status the buyer's approval returns to. */
  resumeStatus: z.enum(RESUME_STATUSES).nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  lines: z.array(orderLineSchema),
  subtotal: z.string(),
  total: z.string(),
  amountPaid: z.string(),
  /** What was paid beyond what the order bills (`orderCredit` in sync/rules/order-payments.ts): the customer's credit with the seller. */
  credit: z.string(),
  paymentTerms: z.enum(PAYMENT_TERMS),
  deliveredAt: isoDate.nullable(),
  dueAt: isoDate.nullable(),
  overdue: z.boolean(),
  note: z.string(),
  history: z.array(orderHistoryEntrySchema),
  payments: z.array(orderPaymentSchema),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Order = z.infer<typeof orderSchema>;

const quantity = optionalDecimal('Quantity', QUANTITY_RULE).refine((value) => value !== null && Number(value) > 0, 'Enter a quantity');

/** The products one order lists at most: a wholesale order of a whole catalogue page, and a bound on the work of pricing, holding stock and writing it. */
export const MAX_ORDER_LINES = 200;

export const orderLinesInput = z
  .array(z.object({ productId: entityId, quantity }))
  .min(1, 'Add at least one product to the order')
  .max(MAX_ORDER_LINES, `An order lists at most ${MAX_ORDER_LINES} products`)
  .check((ctx) => {
    const ids = ctx.value.map((line) => line.productId);
    if (new Set(ids).size !== ids.length) ctx.issues.push({ code: 'custom', message: 'List each product once, with its whole quantity', path: [], input: ctx.value });
  });

const note = z
  .string()
  .trim()
  .max(2000, tooLongMessage('A note', 2000))
  .nullish()
  .transform((value) => value ?? '');

/**
 * What the buyer's cart showed when the order was sent: each line as priced on the device (the cart's pricing), and
 * the payment terms the device knew. The device shows the order so while it waits to send, and points out where the
 * server's answer differs. The server prices the order itself and never reads it.
 */
export const orderQuoteSchema = z.object({
  lines: z
    .array(
      orderLineSchema.extend({
        strainName: z.string().max(200),
        unitType: z.string().max(20),
        quantity: z.string().max(30),
        unitPrice: z.string().max(30),
        lineTotal: z.string().max(30),
      }),
    )
    .max(MAX_ORDER_LINES),
  paymentTerms: z.enum(PAYMENT_TERMS),
});
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

/** POST /api/orders by a buyer: from a menu they opened (by its link when it is a private-link menu). */
export const buyerOrderCreateSchema = z.object({
  id: entityId,
  menuId: entityId,
  publicLinkId: z.string().max(100, tooLongMessage('A menu link', 100)).optional(),
  lines: orderLinesInput,
  note,
  quote: orderQuoteSchema.optional(),
});
/**
 * POST /api/orders by a member of the seller team: written for one of their customers (at a booth, on the phone), and
 * accepted as it is written (its stock held) unless `accept` is false, which leaves it submitted for a later Accept.
 */
export const sellerOrderCreateSchema = z.object({
  id: entityId,
  customerId: entityId,
  lines: orderLinesInput,
  note,
  // A check of its own rather than a type: a wrong answer here is said at this field, not taken for a buyer's order.
  accept: z
    .custom<boolean>((value) => typeof value === 'boolean', 'Say whether to accept the order now (true or false)')
    .optional()
    .transform((value) => value !== false),
});
export const orderCreateSchema = z.union([sellerOrderCreateSchema, buyerOrderCreateSchema], { error: 'Name the menu (buyer) or the customer (seller) and the lines' });
export type OrderCreateInput = z.input<typeof orderCreateSchema>;

export const orderByIdSchema = z.object({ id: entityId });
export const orderRejectSchema = z.object({
  id: entityId,
  reason: z.string({ error: 'Say why the order is rejected' }).trim().min(1, 'Say why the order is rejected').max(1000, tooLongMessage('A reason', 1000)),
});
export const orderLinesUpdateSchema = z.object({ id: entityId, lines: orderLinesInput });
export const orderDeliverSchema = z.object({
  id: entityId,
  lines: z
    .array(
      z.object({ productId: entityId, deliveredQuantity: optionalDecimal('Delivered quantity', QUANTITY_RULE).refine((value) => value !== null, 'Enter the delivered quantity') }),
    )
    .max(MAX_ORDER_LINES, `An order lists at most ${MAX_ORDER_LINES} products`)
    .check((ctx) => {
      // Two quantities for one line would leave which one was delivered to chance: each repeat is refused where it stands.
      const seen = new Set<string>();
      ctx.value.forEach((line, index) => {
        if (seen.has(line.productId)) {
          ctx.issues.push({ code: 'custom', message: 'List each product once, with all that was delivered of it', path: [index], input: line });
        }
        seen.add(line.productId);
      });
    }),
});
export const orderPaymentInputSchema = z.object({
  id: entityId,
  /** Made on the device, so a payment queued offline is recorded once (REST callers may leave it out). */
  paymentId: entityId.optional(),
  amount: optionalDecimal('Amount', PRICE_RULE).refine((value) => value !== null && Number(value) > 0, 'Enter the amount received'),
  method: z.enum(PAYMENT_METHODS, { error: 'Choose how it was paid' }),
  receivedAt: z.iso.date({ error: 'Enter the day it was received' }),
});
/** A new order with the same lines at today's prices; the device makes its id. */
export const orderReorderSchema = z.object({ id: entityId, newOrderId: entityId });

/** GET /api/orders: by status, the archive alone, a search of the number, the customer, the seller or a product's name, a page at a time. */
/**
 * The windows, in days, a device may keep closed orders for (sync/rules/order-working-set.ts): a phone short of space
 * a month, the usual 90 days, a desk computer a year.
 */
export const KEPT_CLOSED_ORDER_DAYS = [30, 90, 365] as const;
export type KeptClosedOrderDays = (typeof KEPT_CLOSED_ORDER_DAYS)[number];
export const keptClosedOrderDaysSchema = z.coerce
  .number({ error: 'keepClosedDays is a number of days' })
  .refine((days): days is KeptClosedOrderDays => (KEPT_CLOSED_ORDER_DAYS as readonly number[]).includes(days), { error: 'Keep closed orders for 30, 90 or 365 days' });

export const orderListQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'Filter by one of the order statuses' }).optional(),
  q: z.string().max(200, 'Search for at most 200 characters').optional(),
  /** Only the archive: orders closed before the window devices keep (sync/rules/order-working-set.ts). */
  archived: z.stringbool({ error: 'archived is true or false' }).optional(),
  /** The window of the device asking, for `archived`: what it does not keep. */
  keepClosedDays: keptClosedOrderDaysSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
/** The answer of GET /api/orders: one page, and how many there are in all. */
export const orderListSchema = z.object({ orders: z.array(orderSchema), total: z.number().int() });
export type OrderList = z.infer<typeof orderListSchema>;

/**
 * Orders the team is a party to (a rep's: of the customers assigned to them); never deleted, only moved on. Their
 * tombstones and those of inquiries come only as withdrawals: a customer reassigned away takes its orders and order
 * requests off the former rep's devices.
 */
export const orderCollection = { row: orderSchema, tombstone: 'order', deviceIndex: 'id, status, updatedAt' } as const satisfies CollectionDefinition;

export const orderMutations = {
  'order.create': { label: 'New order', roles: ['buyer', 'seller'], args: orderCreateSchema, whenRefused: 'kept' },
  'order.accept': { label: 'Accepting an order', roles: ['seller'], args: orderByIdSchema },
  'order.reject': { label: 'Rejecting an order', roles: ['seller'], args: orderRejectSchema },
  'order.cancel': { label: 'Cancelling an order', roles: ['buyer', 'seller'], args: orderByIdSchema },
  'order.updateLines': { label: 'Order change', roles: ['seller'], args: orderLinesUpdateSchema },
  'order.approve': { label: 'Approving an order change', roles: ['buyer'], args: orderByIdSchema },
  'order.fulfil': { label: 'Fulfilling an order', roles: ['seller'], args: orderByIdSchema },
  'order.deliver': { label: 'Delivering an order', roles: ['seller'], args: orderDeliverSchema },
  'order.recordPayment': { label: 'Recording a payment', roles: ['seller'], args: orderPaymentInputSchema },
  'order.reorder': { label: 'Reordering', roles: ['buyer', 'seller'], args: orderReorderSchema },
} as const satisfies MutationDefinitions<'order'>;
