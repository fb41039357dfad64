/** Business constants shared by the device and the server. */

/** The product's name, in page titles, link previews and email. */
export const PRODUCT_NAME = 'Wholesale Menus';

export const PRODUCT_CATEGORIES = ['flower', 'preroll', 'concentrate', 'edible', 'vape', 'topical'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const UNIT_TYPES = ['lb', 'oz', 'g', 'unit'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

export const USER_ROLES = ['seller', 'buyer', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Roles a person may give themself; admins are made by an operator. */
export const SELF_SERVICE_ROLES = ['seller', 'buyer'] as const;
export type SelfServiceRole = (typeof SELF_SERVICE_ROLES)[number];

export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'canceled', 'past_due'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const TRIAL_DAYS = 14;
export const PRO_PRICE_CENTS = 3999;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PROFILE_IMAGE_BYTES = 5 * 1024 * 1024;
export const RECENT_PRODUCTS_ON_DASHBOARD = 3;

export const SORT_OPTIONS = ['price-low', 'price-high', 'thc', 'name'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const CATEGORY_LABELS: Record<ProductCategory, string> = {
  flower: 'Flower',
  preroll: 'Pre-roll',
  concentrate: 'Concentrate',
  edible: 'Edible',
  vape: 'Vape',
  topical: 'Topical',
};
