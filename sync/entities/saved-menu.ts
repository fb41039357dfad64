import { z } from 'zod';
import { entityId, isoDate } from '../fields';

export const savedMenuSchema = z.object({
  id: entityId,
  buyerUserId: entityId,
  menuId: entityId,
  notes: z.string().nullable(),
  tags: z.array(z.string()),
  isFavorite: z.boolean(),
  createdAt: isoDate,
});
export type SavedMenu = z.infer<typeof savedMenuSchema>;

/** POST /api/saved-menus. */
export const savedMenuCreateSchema = z.object({
  id: entityId.optional(),
  menuId: entityId,
});
export type SavedMenuCreateInput = z.input<typeof savedMenuCreateSchema>;

/** A saved menu as GET /api/saved-menus lists it: with what the buyer needs to recognise and open the menu. */
export const savedMenuListItemSchema = savedMenuSchema.extend({
  menu: z.object({
    name: z.string(),
    description: z.string().nullable(),
    publicLinkId: z.string(),
    sellerBusinessName: z.string().nullable(),
    productCount: z.number().int(),
    updatedAt: isoDate,
  }),
});
export type SavedMenuListItem = z.infer<typeof savedMenuListItemSchema>;
