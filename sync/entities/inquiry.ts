import { z } from 'zod';
import { QUANTITY_RULE } from '../rules/decimal';
import { entityId, isoDate, optionalDecimal, tooLongMessage } from '../contract/fields';
import { writtenAtInput } from '../rules/written-at';
import type { CollectionDefinition, MutationDefinitions } from '../contract/definitions';

export const INQUIRY_KINDS = ['message', 'order'] as const;
export const INQUIRY_STATUSES = ['open', 'accepted', 'declined'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const inquiryItemSchema = z.object({
  productId: z.string(),
  strainName: z.string(),
  unitType: z.string(),
  quantity: z.string(),
  /** Fixed when the request was sent: later price changes do not touch it. */
  pricePerUnit: z.string().nullable(),
  lineTotal: z.string().nullable(),
});

export const inquiryMessageSchema = z.object({
  id: entityId,
  /** The member who wrote it (a person of the buyer's or the seller's team); the team is the inquiry's party. */
  authorId: z.string(),
  /** The team the member wrote for: the inquiry's `buyerId` or `sellerId`. Absent from copies a device kept before it was sent: `authorId` was the team then. */
  authorTeamId: z.string().optional(),
  /** That member's name, for the other team's screens. Absent from copies a device kept before it was sent, and for a closed account. */
  authorName: z.string().optional(),
  body: z.string(),
  /** When it reached the server. */
  createdAt: isoDate,
  /** When its author wrote it (see `acceptedWrittenAt`): earlier than `createdAt` when it waited on a device offline. Absent from copies a device kept before it was known: read it with `writtenTime`. */
  writtenAt: isoDate.optional(),
});

/** A message thread or an order request between one buyer and one seller, as both of them see it. */
export const inquirySchema = z.object({
  id: entityId,
  buyerId: z.string(),
  buyerName: z.string(),
  sellerId: z.string(),
  sellerName: z.string(),
  menuId: z.string().nullable(),
  menuName: z.string(),
  productId: z.string().nullable(),
  kind: z.enum(INQUIRY_KINDS),
  status: z.enum(INQUIRY_STATUSES),
  items: z.array(inquiryItemSchema),
  /** The order's total at the prices of the moment it was sent, or null for a message or unpriced items. */
  total: z.string().nullable(),
  buyerReadAt: isoDate.nullable(),
  sellerReadAt: isoDate.nullable(),
  messages: z.array(inquiryMessageSchema),
  createdAt: isoDate,
  /** When the buyer wrote it, as for a message. */
  writtenAt: isoDate.optional(),
  updatedAt: isoDate,
});
export type Inquiry = z.infer<typeof inquirySchema>;
export type InquiryMessage = z.infer<typeof inquiryMessageSchema>;

/** The team (buyer or seller of the inquiry) a message was written for. */
export function messageTeamId(message: Pick<InquiryMessage, 'authorId' | 'authorTeamId'>): string {
  return message.authorTeamId ?? message.authorId;
}

/** What says whether a party has read an inquiry: its two read marks and its last activity. */
export type InquiryReadMarks = Pick<Inquiry, 'buyerId' | 'sellerId' | 'buyerReadAt' | 'sellerReadAt' | 'updatedAt'>;

/** Everything one buyer and one seller said about one menu is one conversation (a deleted menu's, by its name). */
export function conversationKey(inquiry: Pick<Inquiry, 'buyerId' | 'sellerId' | 'menuId' | 'menuName'>): string {
  return [inquiry.buyerId, inquiry.sellerId, inquiry.menuId ?? `name:${inquiry.menuName}`].join('|');
}

/**
 * Whether the team (the inquiry's buyer or seller) has something in it not yet read: it never opened it, or there was
 * activity after it last did. Opening it, answering it or settling the request marks it read; a stranger has nothing to read.
 */
export function unreadBy(teamId: string, inquiry: InquiryReadMarks): boolean {
  const readAt = inquiry.sellerId === teamId ? inquiry.sellerReadAt : inquiry.buyerId === teamId ? inquiry.buyerReadAt : undefined;
  if (readAt === undefined) return false;
  return readAt === null || inquiry.updatedAt > readAt;
}

const messageBody = z.string({ error: 'Write a message' }).trim().min(1, 'Write a message').max(4000, tooLongMessage('A message', 4000));

export const inquiryCreateSchema = z
  .object({
    id: entityId,
    menuId: entityId,
    /** The link the buyer opened the menu by: a private-link menu takes requests only through its current link. */
    publicLinkId: z.string().max(100, tooLongMessage('A menu link', 100)).optional(),
    productId: entityId.nullish().transform((id) => id ?? null),
    kind: z.enum(INQUIRY_KINDS),
    message: z.string().trim().max(4000, tooLongMessage('A message', 4000)).default(''),
    items: z
      .array(
        z.object({
          productId: entityId,
          quantity: optionalDecimal('Quantity', QUANTITY_RULE).refine((value) => value !== null && Number(value) > 0, 'Enter a quantity'),
        }),
      )
      .max(200, 'An order request lists at most 200 products')
      .default([]),
    writtenAt: writtenAtInput,
  })
  .check((ctx) => {
    if (ctx.value.kind === 'message' && !ctx.value.message) {
      ctx.issues.push({ code: 'custom', message: 'Write a message', path: ['message'], input: ctx.value.message });
    }
    const productIds = ctx.value.items.map((item) => item.productId);
    if (new Set(productIds).size !== productIds.length) {
      ctx.issues.push({ code: 'custom', message: 'List each product once, with its whole quantity', path: ['items'], input: ctx.value.items });
    }
    if (ctx.value.kind === 'order' && ctx.value.items.length === 0) {
      ctx.issues.push({ code: 'custom', message: 'Add at least one product to the order request', path: ['items'], input: ctx.value.items });
    }
  });
export type InquiryCreateInput = z.input<typeof inquiryCreateSchema>;

export const inquiryReplySchema = z.object({ id: entityId, inquiryId: entityId, body: messageBody, writtenAt: writtenAtInput });
export const inquiryStatusSchema = z.object({ id: entityId, status: z.enum(['accepted', 'declined'], { error: 'Accept or decline' }) });
export const inquiryReadSchema = z.object({ id: entityId });

/** Conversations and order requests the user is a party to (a rep's order requests: of the customers assigned to them). */
export const inquiryCollection = { row: inquirySchema, tombstone: 'inquiry', deviceIndex: 'id' } as const satisfies CollectionDefinition;

export const inquiryMutations = {
  'inquiry.create': { label: 'New message or order request', roles: ['buyer'], args: inquiryCreateSchema },
  'inquiry.reply': { label: 'Reply', roles: ['buyer', 'seller'], args: inquiryReplySchema },
  'inquiry.setStatus': { label: 'Order request answer', roles: ['seller'], args: inquiryStatusSchema },
  'inquiry.markRead': { label: 'Marking a conversation as read', roles: ['buyer', 'seller'], args: inquiryReadSchema },
} as const satisfies MutationDefinitions<'inquiry'>;
