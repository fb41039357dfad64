import { z } from 'zod';
import { entityId, isoDate, optionalText, requiredText, updateOf } from '../contract/fields';
import type { CollectionDefinition, MutationDefinitions } from '../contract/definitions';

export const menuSchema = z.object({
  id: entityId,
  userId: entityId,
  name: z.string(),
  description: z.string().nullable(),
  publicLinkId: z.uuid(),
  isPublic: z.boolean(),
  /** After this moment (ISO, UTC) the link answers Menu Not Found; null, it never expires. */
  linkExpiresAt: isoDate.nullable(),
  /** Product ids in the order the menu shows them. */
  productIds: z.array(entityId),
  /** The price list everyone who opens the link is priced by (a buyer's own list comes first); absent on rows from before lists. */
  priceListId: entityId.nullable().optional(),
  /** The member who added it and the one who last changed it (user ids, see GET /api/team); null for a member whose account is gone, absent on a row made on this device and not yet pulled. */
  createdBy: entityId.nullable().optional(),
  updatedBy: entityId.nullable().optional(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Menu = z.infer<typeof menuSchema>;

/** Whether the menu's link has expired at `now` (a menu from before expiry existed has no `linkExpiresAt`). */
export function linkExpired(menu: { linkExpiresAt?: string | null }, now: Date): boolean {
  return menu.linkExpiresAt != null && Date.parse(menu.linkExpiresAt) <= now.getTime();
}

/**
 * How a buyer comes to a menu: a request naming the link it was opened by
 * (none: only a public-listing menu, found through Browse, is reached), or
 * something made earlier through a link it recorded (a saved copy, a conversation).
 */
export type MenuAccess = { link: string | undefined } | { recordedLink: string | null };

/**
 * The one rule behind everything done through a menu's link (opening it,
 * saving it, writing to its seller, a saved copy, a conversation), so that a
 * link that expired, was regenerated or never existed is dead on every path:
 * a menu is reached while its seller is not disabled, its link has not
 * expired, and the link is its current one. A public-listing menu needs no
 * link, but a request that names a dead one is refused all the same.
 */
export function menuReachable(menu: Pick<Menu, 'isPublic' | 'publicLinkId' | 'linkExpiresAt'>, seller: { disabled: boolean } | null, access: MenuAccess, now: Date): boolean {
  if (!seller || seller.disabled || linkExpired(menu, now)) return false;
  if ('link' in access) return access.link === undefined ? menu.isPublic : access.link === menu.publicLinkId;
  return menu.isPublic || access.recordedLink === menu.publicLinkId;
}

export const MAX_PRODUCTS_PER_MENU = 2000;

export const menuFieldsSchema = z.object({
  name: requiredText('Menu name', 200),
  description: optionalText('Description', 5000),
  isPublic: z.boolean().default(false),
  linkExpiresAt: z.iso
    .datetime({ offset: true, error: 'Link expiry must be a date and time' })
    .transform((value) => new Date(value).toISOString())
    .nullable()
    .default(null),
  productIds: z
    .array(entityId)
    .max(MAX_PRODUCTS_PER_MENU, `A menu holds at most ${MAX_PRODUCTS_PER_MENU} products`)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  priceListId: entityId.nullish().transform((id) => id ?? null),
});

/** POST /api/menus. A device offline makes the id and the link id itself, so the link can be shared at once. */
export const menuCreateSchema = menuFieldsSchema.extend({ id: entityId.optional(), publicLinkId: z.uuid().optional() });
export type MenuCreateInput = z.input<typeof menuCreateSchema>;

/** PUT /api/menus/:id: the fields it names change. */
export const menuUpdateSchema = updateOf(menuFieldsSchema.shape);
export type MenuUpdateInput = z.input<typeof menuUpdateSchema>;

export const menuCollection = { row: menuSchema, tombstone: 'menu', deviceIndex: 'id' } as const satisfies CollectionDefinition;

/** POST /api/menus/:id/regenerate-link: the new link's id, made by the device so it can share it offline; the server makes one without it. */
export const menuLinkRegenerateSchema = z.object({ publicLinkId: z.uuid({ error: 'The link id must be a uuid' }).optional() });

export const menuMutations = {
  'menu.create': { label: 'New menu', roles: ['seller'], args: menuCreateSchema.extend({ id: entityId, publicLinkId: z.uuid() }) },
  'menu.update': { label: 'Menu edit', roles: ['seller'], args: z.object({ id: entityId, changes: menuUpdateSchema }) },
  'menu.delete': { label: 'Menu deletion', roles: ['seller'], args: z.object({ id: entityId }) },
  /** A new link for a menu shared too widely: the old one stops working. The device makes the uuid, so the new link can be shared at once. */
  'menu.regenerateLink': { label: 'New menu link', roles: ['seller'], args: z.object({ id: entityId, publicLinkId: z.uuid() }) },
} as const satisfies MutationDefinitions<'menu'>;
