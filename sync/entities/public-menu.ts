import { z } from 'zod';
import { menuSchema } from './menu';
import { productSchema } from './product';

/** GET /api/public/menu/:publicLinkId: what anyone with the link may see. */
export const publicMenuSchema = z.object({
  menu: menuSchema.omit({ userId: true }),
  products: z.array(productSchema.omit({ userId: true })),
  seller: z.object({ businessName: z.string().nullable() }),
});
export type PublicMenu = z.infer<typeof publicMenuSchema>;
