import { z } from 'zod';
import { entityId, isoDate, optionalText, tooLongMessage, updateOf } from '../contract/fields';
import { menuFactsSchema } from '../rules/menu-diff';
import { PAYMENT_TERMS } from './customer';
import { linkExpired } from './menu';
import { publicMenuSchema } from './public-menu';
import type { CollectionDefinition, MutationDefinitions } from '../contract/definitions';

export const savedMenuSchema = z.object({
  id: entityId,
  buyerUserId: entityId,
  menuId: entityId,
  notes: z.string().nullable(),
  tags: z.array(z.string()),
  isFavorite: z.boolean(),
  /** The menu's stamp when the buyer last looked at it (see `SavedMenuListItem.stamp`). */
  lastSeenStamp: z.number().int(),
  /**
   * When the seller closed their account: the menu is no longer offered and
   * the copy keeps only its name and the seller's, as they were then (sent
   * in `menu`), with the buyer's notes and tags. Null (or absent, in copies kept before) while it is offered.
   */
  withdrawnAt: isoDate.nullable().optional(),
  /** The menu as the buyer last looked at it, kept on the server so any device can say what changed since. */
  seenMenu: menuFactsSchema.nullish(),
  createdAt: isoDate,
});
export type SavedMenu = z.infer<typeof savedMenuSchema>;

/** A copy whose seller closed their account keeps the buyer's notes and tags as they were: it may only be removed. */
export const WITHDRAWN_COPY_READ_ONLY_MESSAGE = 'This menu is no longer offered: its notes and tags are kept as they were';

/** POST /api/saved-menus. A private-link menu also needs its current link: knowing its id is not enough. */
export const savedMenuCreateSchema = z.object({
  id: entityId.optional(),
  menuId: entityId,
  publicLinkId: z.uuid().optional(),
});
export type SavedMenuCreateInput = z.input<typeof savedMenuCreateSchema>;

export const MAX_TAGS = 20;

/** What a buyer keeps with a saved menu; an update names only what it changes. */
export const savedMenuUpdateSchema = updateOf({
  notes: optionalText('Notes', 2000),
  tags: z
    .array(z.string().trim().min(1, 'A tag cannot be empty').max(40, tooLongMessage('A tag', 40)))
    .max(MAX_TAGS, `At most ${MAX_TAGS} tags`)
    .transform((tags) => [...new Set(tags)]),
  isFavorite: z.boolean(),
});
export type SavedMenuUpdate = z.input<typeof savedMenuUpdateSchema>;

/**
 * A saved menu as a buyer's device keeps it: the saved entry, a summary, and
 * a snapshot of the public menu (its products and their prices), so it opens,
 * filters and sorts with no network. `stamp` grows whenever the menu, one of
 * its products or its seller changes; above `lastSeenStamp` it has changed
 * since the buyer last looked.
 */
export const savedMenuListItemSchema = savedMenuSchema.extend({
  stamp: z.number().int(),
  menu: z.object({
    name: z.string(),
    description: z.string().nullable(),
    publicLinkId: z.string(),
    sellerId: z.string(),
    sellerBusinessName: z.string().nullable(),
    productCount: z.number().int(),
    updatedAt: isoDate,
  }),
  snapshot: publicMenuSchema.nullable(),
  /**
   * The buyer's payment terms with the menu's seller: their entry in the seller's book, or cash on delivery before
   * they have one. An order waiting on the device shows them before the server answers. Absent in copies kept before.
   */
  paymentTerms: z.enum(PAYMENT_TERMS).optional(),
});
export type SavedMenuListItem = z.infer<typeof savedMenuListItemSchema>;

/**
 * Whether a saved copy still shows its menu. The server sends no snapshot (nor
 * the menu's name) once the link died: regenerated, expired or its seller
 * disabled. An expiry passing between two pulls changes nothing on the server,
 * so the copy's own expiry tells it on the device.
 */
export function savedMenuAvailable(saved: Pick<SavedMenuListItem, 'snapshot'>, now: Date): boolean {
  return saved.snapshot !== null && !linkExpired(saved.snapshot.menu, now);
}

export const savedMenuCollection = { row: savedMenuListItemSchema, tombstone: 'savedMenu', deviceIndex: 'id, menuId' } as const satisfies CollectionDefinition;

export const savedMenuMutations = {
  'savedMenu.save': {
    label: 'Saving a menu',
    roles: ['buyer'],
    // The device sends the menu as it saw it, so the saved entry shows at once offline; the server keeps its own.
    args: z.object({ id: entityId, menuId: entityId, publicLinkId: z.uuid().optional(), snapshot: publicMenuSchema.optional() }),
  },
  'savedMenu.remove': { label: 'Removing a saved menu', roles: ['buyer'], args: z.object({ id: entityId }) },
  'savedMenu.update': { label: 'Saved menu notes', roles: ['buyer'], args: z.object({ id: entityId, changes: savedMenuUpdateSchema }) },
  'savedMenu.markSeen': { label: 'Marking a saved menu as seen', roles: ['buyer'], args: z.object({ id: entityId, stamp: z.number().int().min(0) }) },
} as const satisfies MutationDefinitions<'savedMenu'>;
