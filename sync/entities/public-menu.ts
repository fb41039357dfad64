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
