import { z } from 'zod';
import { PERCENT_RULE, PRICE_RULE, QUANTITY_RULE } from '../rules/decimal';
import { entityId, isoDate, optionalDecimal, requiredText } from '../contract/fields';
import type { CollectionDefinition, MutationDefinitions } from '../contract/definitions';

/** A calendar day, `YYYY-MM-DD`: a price list applies from its first day to its last, both included. */
const calendarDay = z.iso.date({ error: 'Dates are written YYYY-MM-DD' });

const positiveQuantity = (label: string) => optionalDecimal(label, QUANTITY_RULE).refine((value) => value === null || Number(value) > 0, `${label} must be more than 0`);

export const priceBreakSchema = z.object({
  minQuantity: positiveQuantity('Break quantity').refine((value) => value !== null, 'Break quantity is required'),
  price: optionalDecimal('Break price', PRICE_RULE).refine((value) => value !== null, 'Break price is required'),
});

/**
 * One product's terms on a list. `price` replaces the list price, or `percentOff` discounts it (at most one of them);
 * `hidden` keeps the product from the buyers of the list; `minQuantity` and `increment` add to the product's lot size;
 * `breaks` give a lower price from a quantity on. Prices are decimal strings to the cent, percentages to hundredths,
 * quantities to thousandths.
 */
export const priceListEntrySchema = z
  .object({
    productId: entityId,
    price: optionalDecimal('Price', PRICE_RULE),
    percentOff: optionalDecimal('Percent off', PERCENT_RULE),
    hidden: z.boolean({ error: 'Hidden must be true or false' }).default(false),
    minQuantity: positiveQuantity('Minimum quantity'),
    increment: positiveQuantity('Increment'),
    breaks: z.array(priceBreakSchema).max(20, 'A product has at most 20 quantity breaks').default([]),
  })
  .check((ctx) => {
    if (ctx.value.price !== null && ctx.value.percentOff !== null) {
      ctx.issues.push({ code: 'custom', message: 'Give a price or a percentage off, not both', path: ['percentOff'], input: ctx.value.percentOff });
    }
    const quantities = ctx.value.breaks.map((entry) => entry.minQuantity);
    if (new Set(quantities).size !== quantities.length) {
      ctx.issues.push({ code: 'custom', message: 'Each quantity break needs its own quantity', path: ['breaks'], input: ctx.value.breaks });
    }
  });
export type PriceListEntry = z.output<typeof priceListEntrySchema>;

export const priceListSchema = z.object({
  id: entityId,
  /** The seller team whose list it is. */
  userId: entityId,
  name: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  entries: z.array(priceListEntrySchema),
  createdBy: entityId.nullable().optional(),
  updatedBy: entityId.nullable().optional(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type PriceList = z.infer<typeof priceListSchema>;

export const MAX_PRICE_LIST_ENTRIES = 5000;

const entries = z
  .array(priceListEntrySchema)
  .max(MAX_PRICE_LIST_ENTRIES, `A price list has at most ${MAX_PRICE_LIST_ENTRIES} products`)
  .check((ctx) => {
    const ids = ctx.value.map((entry) => entry.productId);
    if (new Set(ids).size !== ids.length) ctx.issues.push({ code: 'custom', message: 'List each product once', path: [], input: ctx.value });
  });

/** POST /api/price-lists, PUT /api/price-lists/:id and `priceList.save`: the whole list, as the grid holds it. */
export const priceListSaveSchema = z
  .object({
    id: entityId,
    name: requiredText('Price list name', 200),
    startsAt: calendarDay.nullish().transform((day) => day ?? null),
    endsAt: calendarDay.nullish().transform((day) => day ?? null),
    entries: entries.default([]),
  })
  .check((ctx) => {
    const { startsAt, endsAt } = ctx.value;
    if (startsAt && endsAt && endsAt < startsAt) ctx.issues.push({ code: 'custom', message: 'The end date must be on or after the start date', path: ['endsAt'], input: endsAt });
  });
export type PriceListSaveInput = z.input<typeof priceListSaveSchema>;
export const priceListDeleteSchema = z.object({ id: entityId });

export const priceListCollection = { row: priceListSchema, tombstone: 'priceList', deviceIndex: 'id' } as const satisfies CollectionDefinition;

export const priceListMutations = {
  /** The whole list as the grid holds it: creates it or replaces it. */
  'priceList.save': { label: 'Price list', roles: ['seller'], args: priceListSaveSchema },
  'priceList.delete': { label: 'Price list deletion', roles: ['seller'], args: priceListDeleteSchema },
} as const satisfies MutationDefinitions<'priceList'>;
