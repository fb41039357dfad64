import { z } from 'zod';
import { PRODUCT_CATEGORIES, UNIT_TYPES } from '../contract/constants';
import { PERCENT_RULE, PRICE_RULE, QUANTITY_RULE } from '../rules/decimal';
import { entityId, isoDate, optionalDecimal, optionalImageAddress, optionalText, requiredText, updateOf } from '../contract/fields';
import { MAX_PHOTOS_PER_PRODUCT } from './photo';
import type { CollectionDefinition, MutationDefinitions } from '../contract/definitions';

/**
 * A product as the API and the device replica hold it. Percentages, price and
 * quantity are exact decimal strings: "24.50", "1200.00", "10.125".
 */
export const productSchema = z.object({
  id: entityId,
  userId: entityId,
  strainName: z.string(),
  description: z.string().nullable(),
  category: z.enum(PRODUCT_CATEGORIES),
  thcPercentage: z.string().nullable(),
  cbdPercentage: z.string().nullable(),
  /**
   * The lab found too little to measure ("ND", "<LOQ"): shown as "ND", with the percentage itself empty (see
   * sync/rules/potency.ts). Absent on a row this device kept from before the field existed, which reads as false.
   */
  thcBelowDetection: z.boolean().default(false),
  cbdBelowDetection: z.boolean().default(false),
  pricePerUnit: z.string().nullable(),
  unitType: z.enum(UNIT_TYPES),
  availableQuantity: z.string(),
  lotSize: z.number().int(),
  /** The cover's address: the first uploaded photo of the gallery. */
  photoUrl: z.string().nullable(),
  /** The gallery in order (the first is the cover), by ids made on the device. */
  photoIds: z.array(entityId),
  /** The certificate of analysis (a PDF or an image), by its id. */
  labResultId: entityId.nullable(),
  /** The seller's own stock-keeping code, unique within their catalogue. */
  sku: z.string().nullable(),
  /**
   * The Metrc package the product was made from or linked to (its 24-character tag), the package's production batch,
   * and its lab testing state as Metrc last said (docs/metrc.md); null for a product Metrc knows nothing of. Absent on
   * a row this device kept from before the fields existed, which reads as null.
   */
  metrcPackageLabel: z.string().nullable().default(null),
  batchNumber: z.string().nullable().default(null),
  labTestingState: z.string().nullable().default(null),
  /** The member who added it and the one who last changed it (user ids, see GET /api/team); null for a member whose account is gone, absent on a row made on this device and not yet pulled. */
  createdBy: entityId.nullable().optional(),
  updatedBy: entityId.nullable().optional(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Product = z.infer<typeof productSchema>;

export const MAX_SKU_LENGTH = 64;

const quantity = optionalDecimal('Available quantity', QUANTITY_RULE).transform((value) => value ?? '0.000');

/** The product form's fields. */
export const productFieldsSchema = z.object({
  strainName: requiredText('Strain name', 200),
  sku: optionalText('SKU', MAX_SKU_LENGTH),
  description: optionalText('Description', 5000),
  category: z.enum(PRODUCT_CATEGORIES, { error: 'Choose a category' }).default('flower'),
  thcPercentage: optionalDecimal('THC %', PERCENT_RULE),
  cbdPercentage: optionalDecimal('CBD %', PERCENT_RULE),
  thcBelowDetection: z.boolean({ error: 'THC below detection is yes or no' }).default(false),
  cbdBelowDetection: z.boolean({ error: 'CBD below detection is yes or no' }).default(false),
  pricePerUnit: optionalDecimal('Price', PRICE_RULE),
  unitType: z.enum(UNIT_TYPES, { error: 'Choose a unit' }).default('oz'),
  availableQuantity: quantity,
  lotSize: z.coerce
    .number({ error: 'Lot size must be a whole number of at least 1' })
    .int('Lot size must be a whole number of at least 1')
    .min(1, 'Lot size must be a whole number of at least 1')
    .max(1_000_000, 'Lot size is too large')
    .default(1),
  photoUrl: optionalImageAddress('Photo URL'),
  photoIds: z
    .array(entityId)
    .max(MAX_PHOTOS_PER_PRODUCT, `A product holds at most ${MAX_PHOTOS_PER_PRODUCT} photos`)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  labResultId: entityId.nullish().transform((id) => id ?? null),
});

/** POST /api/products: the fields, an optional id made on the device, and menus to add the product to. */
export const productCreateSchema = productFieldsSchema.extend({
  id: entityId.optional(),
  selectedMenus: z.array(entityId).max(500, 'A product can be added to at most 500 menus at once').default([]),
});
export type ProductCreateInput = z.input<typeof productCreateSchema>;

/** An update names only the fields it changes. */
export const productUpdateSchema = updateOf(productFieldsSchema.shape);
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;

/** A seller team's catalogue. */
export const productCollection = { row: productSchema, tombstone: 'product', deviceIndex: 'id' } as const satisfies CollectionDefinition;

export const productMutations = {
  'product.create': { label: 'New product', roles: ['seller'], args: productCreateSchema.extend({ id: entityId }), whenRefused: 'kept' },
  'product.update': { label: 'Product edit', roles: ['seller'], args: z.object({ id: entityId, changes: productUpdateSchema }) },
  'product.delete': { label: 'Product deletion', roles: ['seller'], args: z.object({ id: entityId }) },
} as const satisfies MutationDefinitions<'product'>;
