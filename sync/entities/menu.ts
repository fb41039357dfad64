import { z } from 'zod';
import { entityId, isoDate, optionalText, requiredText, updateOf } from '../fields';

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
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Menu = z.infer<typeof menuSchema>;

/** Whether the menu's link has expired at `now` (a menu from before expiry existed has no `linkExpiresAt`). */
export function linkExpired(menu: { linkExpiresAt?: string | null }, now: Date): boolean {
  return menu.linkExpiresAt != null && Date.parse(menu.linkExpiresAt) <= now.getTime();
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
});

/** POST /api/menus. A device offline makes the id and the link id itself, so the link can be shared at once. */
export const menuCreateSchema = menuFieldsSchema.extend({ id: entityId.optional(), publicLinkId: z.uuid().optional() });
export type MenuCreateInput = z.input<typeof menuCreateSchema>;

/** PUT /api/menus/:id: the fields it names change. */
export const menuUpdateSchema = updateOf(menuFieldsSchema.shape);
export type MenuUpdateInput = z.input<typeof menuUpdateSchema>;
