import { z } from 'zod';
import { PRODUCT_CATEGORIES } from '../contract/constants';
import { isoDate, tooLongMessage } from '../contract/fields';

/** GET /api/browse: public-listing menus, newest first, a page at a time. */
export const browseQuerySchema = z.object({
  q: z.string().trim().max(200, tooLongMessage('A search', 200)).optional(),
  category: z.enum(PRODUCT_CATEGORIES, { error: 'Unknown category' }).optional(),
  sellerId: z.string().max(64, tooLongMessage('A seller id', 64)).optional(),
  cursor: z.string().max(200, tooLongMessage('A paging cursor', 200)).optional(),
  limit: z.coerce
    .number({ error: 'The page size must be a number' })
    .int('The page size must be a whole number')
    .min(1, 'The page size must be at least 1')
    .max(50, 'The page size must be at most 50')
    .default(20),
});

export const browseItemSchema = z.object({
  menuId: z.string(),
  publicLinkId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  sellerId: z.string(),
  sellerName: z.string(),
  productCount: z.number().int(),
  categories: z.array(z.enum(PRODUCT_CATEGORIES)),
  coverUrl: z.string().nullable(),
  updatedAt: isoDate,
});
export type BrowseItem = z.infer<typeof browseItemSchema>;

export const browsePageSchema = z.object({ items: z.array(browseItemSchema), nextCursor: z.string().nullable() });
export type BrowsePage = z.infer<typeof browsePageSchema>;

export const browseSellerSchema = z.object({ id: z.string(), name: z.string(), menuCount: z.number().int() });
export type BrowseSeller = z.infer<typeof browseSellerSchema>;
