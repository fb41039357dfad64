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
