/**
 * What anyone with a menu's link sees, built from the seller's own rows: the menu, its products in the menu's order,
 * their photos where an address is known, and the seller's brand. The server answers the public page with it, and a
 * seller's device draws their own menu with it at the booth, so the two can never show different things.
 */
import type { Menu } from '../entities/menu';
import type { Product } from '../entities/product';
import type { PublicMenu } from '../entities/public-menu';
import type { User } from '../entities/user';
import { isUploadedImageAddress } from '../contract/fields';

/** Where a photo or lab result is shown by its id; null when none is known (so it is left out). */
export type PhotoAddress = (photoId: string) => string | null;

/** An image address a row may hold from before addresses were kept to uploads: a public page shows none but the app's own. */
export const ownImage = (address: string | null) => (isUploadedImageAddress(address) ? address : null);

export function publicMenuOf(menu: Menu, productOf: (id: string) => Product | undefined, seller: User, photoAddress: PhotoAddress): PublicMenu {
  // Who in the team made or changed a row is the team's own business.
  const { userId: _owner, createdBy: _menuAuthor, updatedBy: _menuEditor, ...publicMenu } = menu;
  return {
    menu: publicMenu,
    products: menu.productIds.flatMap((id) => {
      const product = productOf(id);
      if (!product) return [];
      const { userId: _productOwner, createdBy: _author, updatedBy: _editor, ...publicProduct } = product;
      const photos = product.photoIds.flatMap((photoId) => {
        const url = photoAddress(photoId);
        return url ? [{ id: photoId, url }] : [];
      });
      const labResultUrl = product.labResultId ? photoAddress(product.labResultId) : null;
      return [{ ...publicProduct, photoUrl: ownImage(product.photoUrl), photos, labResultUrl }];
    }),
    seller: {
      businessName: seller.businessName,
      logoUrl: ownImage(seller.profileImageUrl),
      licenseNumber: seller.licenseNumber,
      contactInfo: seller.contactInfo,
      phoneNumber: seller.phoneNumber,
      menuCoverUrl: ownImage(seller.menuCoverUrl),
      accentColor: seller.accentColor,
    },
  };
}
