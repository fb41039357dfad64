import { z } from 'zod';
import { menuSchema } from './menu';
import { productSchema } from './product';

/** GET /api/public/menu/:publicLinkId: what anyone with the link may see. */
export const publicMenuSchema = z.object({
  menu: menuSchema.omit({ userId: true }),
  products: z.array(
    productSchema.omit({ userId: true }).extend({
      /** The uploaded photos of the gallery, in order. */
      photos: z.array(z.object({ id: z.string(), url: z.string() })),
      labResultUrl: z.string().nullable(),
      /** The price before the buyer's price list, present only when theirs differs (see `termsForDisplay`). */
      listPrice: z.string().nullable().optional(),
      /** Present when a price list prices the answer: the least the buyer may order, in the product's unit. */
      minimumQuantity: z.string().optional(),
      /** Present when a price list prices the answer: the quantity is a whole number of these (null: any). */
      quantityIncrement: z.string().nullable().optional(),
      /** Lower prices from a quantity on, smallest quantity first. */
      priceBreaks: z.array(z.object({ minQuantity: z.string(), price: z.string() })).optional(),
    }),
  ),
  /** The seller's brand heading the menu: name, logo, license, contact details, cover image and accent colour. */
  seller: z.object({
    businessName: z.string().nullable(),
    logoUrl: z.string().nullable(),
    licenseNumber: z.string().nullable(),
    contactInfo: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    menuCoverUrl: z.string().nullable(),
    accentColor: z.string().nullable(),
  }),
});
export type PublicMenu = z.infer<typeof publicMenuSchema>;
