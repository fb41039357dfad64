import { z } from 'zod';
import { entityId, isoDate, optionalText, phoneNumberField, requiredText, updateOf, zipCodeField } from '../contract/fields';
import type { CollectionDefinition, MutationDefinitions } from '../contract/definitions';

export const PAYMENT_TERMS = ['cod', 'net7', 'net15', 'net30'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

/** Days from delivery to the due date for each of the terms (`cod`: due on delivery). */
export const PAYMENT_TERM_DAYS: Record<PaymentTerms, number> = { cod: 0, net7: 7, net15: 15, net30: 30 };

export const PAYMENT_TERM_LABELS: Record<PaymentTerms, string> = {
  cod: 'Cash on delivery',
  net7: 'Net 7',
  net15: 'Net 15',
  net30: 'Net 30',
};

/**
 * Where a customer entry stands with the buyer's account, as the seller sees it: `linked` once the buyer consented
 * (saved one of the seller's menus, wrote, ordered, or accepted the seller's invitation), `invited` while an
 * invitation waits, `unlinked` otherwise. A confirmed account whose address the entry names sees the entry's prices
 * before that, but the seller is not told: no answer says whether an address has an account.
 */
export const CUSTOMER_LINKS = ['unlinked', 'invited', 'linked'] as const;
export type CustomerLink = (typeof CUSTOMER_LINKS)[number];

export const CUSTOMER_LINK_LABELS: Record<CustomerLink, string> = {
  unlinked: 'Not linked',
  invited: 'Invited',
  linked: 'Linked',
};

/**
 * A dispensary a seller team sells to, in the seller's customer book. `buyerTeamId` names the buyer's team on this
 * platform once it is `linked` (null before: see `CUSTOMER_LINKS`); `repUserId` is the member of the seller team who
 * looks after it (a rep sees only the customers assigned to them).
 */
export const customerSchema = z.object({
  id: entityId,
  /** The seller team whose book it is. */
  userId: entityId,
  name: z.string(),
  email: z.string().nullable(),
  buyerTeamId: entityId.nullable(),
  link: z.enum(CUSTOMER_LINKS),
  /** When the seller last invited the customer to its book. */
  invitedAt: isoDate.nullable(),
  licenseNumber: z.string().nullable(),
  paymentTerms: z.enum(PAYMENT_TERMS),
  priceListId: entityId.nullable(),
  repUserId: entityId.nullable(),
  holdWhenOverdue: z.boolean(),
  tags: z.array(z.string()),
  /** The customer's contact phone. */
  phoneNumber: z.string().nullable(),
  /** Where invoices are addressed (the invoice's Bill To): street lines, city, state, ZIP. */
  billingLine1: z.string().nullable(),
  billingLine2: z.string().nullable(),
  billingCity: z.string().nullable(),
  billingState: z.string().nullable(),
  billingZipCode: z.string().nullable(),
  /** Deliveries go to the billing address; the shipping fields are then not used. */
  shippingSameAsBilling: z.boolean(),
  /** Where deliveries go (the invoice's Ship To). */
  shippingLine1: z.string().nullable(),
  shippingLine2: z.string().nullable(),
  shippingCity: z.string().nullable(),
  shippingState: z.string().nullable(),
  shippingZipCode: z.string().nullable(),
  createdBy: entityId.nullable().optional(),
  updatedBy: entityId.nullable().optional(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Customer = z.infer<typeof customerSchema>;

/** The entry's phone and addresses: kept and handed out as given, never a term a rep is kept from. */
export const CUSTOMER_CONTACT_FIELDS = [
  'phoneNumber',
  'billingLine1',
  'billingLine2',
  'billingCity',
  'billingState',
  'billingZipCode',
  'shippingSameAsBilling',
  'shippingLine1',
  'shippingLine2',
  'shippingCity',
  'shippingState',
  'shippingZipCode',
] as const satisfies ReadonlyArray<keyof Customer>;
export type CustomerContactField = (typeof CUSTOMER_CONTACT_FIELDS)[number];

const customerEmail = z
  .string({ error: 'Email must be text' })
  .trim()
  .toLowerCase()
  .max(320, 'Email must be at most 320 characters')
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || z.email().safeParse(value).success, 'Enter a valid email address');

export const customerFieldsSchema = z.object({
  name: requiredText('Customer name', 200),
  email: customerEmail,
  licenseNumber: optionalText('License number', 100),
  paymentTerms: z.enum(PAYMENT_TERMS, { error: 'Choose payment terms: COD, Net 7, Net 15 or Net 30' }).default('cod'),
  priceListId: entityId.nullish().transform((id) => id ?? null),
  repUserId: entityId.nullish().transform((id) => id ?? null),
  holdWhenOverdue: z.boolean({ error: 'Hold when overdue must be true or false' }).default(false),
  tags: z
    .array(z.string().trim().min(1).max(50, 'A tag must be at most 50 characters'))
    .max(20, 'A customer has at most 20 tags')
    .default([])
    .transform((tags) => [...new Set(tags)]),
  phoneNumber: phoneNumberField('Phone number'),
  billingLine1: optionalText('Billing street address', 200),
  billingLine2: optionalText('Billing address line 2', 200),
  billingCity: optionalText('Billing city', 100),
  billingState: optionalText('Billing state', 100),
  billingZipCode: zipCodeField('Billing ZIP code'),
  shippingSameAsBilling: z.boolean({ error: 'Same as billing must be true or false' }).default(false),
  shippingLine1: optionalText('Shipping street address', 200),
  shippingLine2: optionalText('Shipping address line 2', 200),
  shippingCity: optionalText('Shipping city', 100),
  shippingState: optionalText('Shipping state', 100),
  shippingZipCode: zipCodeField('Shipping ZIP code'),
});

/** POST /api/customers and `customer.create`: the id is made on the device. */
export const customerCreateSchema = customerFieldsSchema.extend({ id: entityId });
export type CustomerCreateInput = z.input<typeof customerCreateSchema>;
/** PATCH /api/customers/:id and the changes of `customer.update`: only the fields named change. */
export const customerUpdateSchema = updateOf(customerFieldsSchema.shape);
export type CustomerUpdateInput = z.input<typeof customerUpdateSchema>;
export const customerDeleteSchema = z.object({ id: entityId });

/**
 * POST /api/customers/:id/invitations: an invitation to the book, emailed to the customer's address, or a link the
 * seller sends itself (showing a draft order when one is named).
 */
export const customerInviteSchema = z.object({
  delivery: z.enum(['email', 'link'], { error: 'Choose email or link' }),
  orderId: entityId.optional(),
});
export type CustomerInviteInput = z.input<typeof customerInviteSchema>;

/** The invitation's answer: the entry as it stands now, and the link when the seller asked for one. */
export const customerInviteAnswerSchema = z.object({ customer: customerSchema, link: z.string().nullable() });
export type CustomerInviteAnswer = z.infer<typeof customerInviteAnswerSchema>;

/** What the invitation's link shows before anyone signs in: who invites, the entry's name, and the draft order it shares. */
export const customerInvitationPreviewSchema = z.object({
  sellerName: z.string(),
  customerName: z.string(),
  order: z
    .object({
      number: z.string(),
      createdAt: isoDate,
      lines: z.array(z.object({ strainName: z.string(), quantity: z.string(), unitType: z.string(), unitPrice: z.string(), lineTotal: z.string() })),
      total: z.string(),
      paymentTerms: z.enum(PAYMENT_TERMS),
      note: z.string(),
    })
    .nullable(),
});
export type CustomerInvitationPreview = z.infer<typeof customerInvitationPreviewSchema>;

/** POST /api/customer-invitations/accept. */
export const customerInvitationAcceptSchema = z.object({ token: z.string({ error: 'The invitation link is incomplete' }).min(1, 'The invitation link is incomplete').max(200) });
export const customerInvitationAcceptedSchema = z.object({ sellerId: entityId, sellerName: z.string(), message: z.string() });
export type CustomerInvitationAccepted = z.infer<typeof customerInvitationAcceptedSchema>;

/** A seller team's customer book: a rep holds only the customers assigned to them. */
export const customerCollection = { row: customerSchema, tombstone: 'customer', deviceIndex: 'id' } as const satisfies CollectionDefinition;

export const customerMutations = {
  'customer.create': { label: 'New customer', roles: ['seller'], args: customerCreateSchema },
  'customer.update': { label: 'Customer edit', roles: ['seller'], args: z.object({ id: entityId, changes: customerUpdateSchema }) },
  'customer.delete': { label: 'Customer deletion', roles: ['seller'], args: customerDeleteSchema },
} as const satisfies MutationDefinitions<'customer'>;
