/**
 * The words of a product CSV: the catalogue's own columns, and the names and
 * values other cannabis systems export for them ("Available Inventory",
 * "MOQ", "Vape Cartridge", "EA", "<LOQ"). A word listed here is a sure match
 * and is read without asking; a guess (an "Eighth" is a packaged unit) is only
 * offered in the mapping step, where the seller decides. Everything is looked
 * up by `headerKey`, so case, spaces and punctuation never matter.
 */
import { CATEGORY_LABELS, PRODUCT_CATEGORIES, UNIT_TYPES, type ProductCategory, type UnitType } from '../../../sync/contract/constants';
import { headerKey } from '../../../sync/rules/csv-cells';

/**
 * The columns of the template, the import and the export, in this order. The
 * last two identify a product: a re-imported export updates the rows it
 * matches (by id, then by SKU) instead of adding them again.
 */
export const CSV_COLUMNS = [
  'strainName',
  'description',
  'category',
  'thcPercentage',
  'cbdPercentage',
  'pricePerUnit',
  'unitType',
  'availableQuantity',
  'lotSize',
  'sku',
  'id',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
/** The columns that are product fields (the id only identifies a row). */
export type CsvFieldColumn = Exclude<CsvColumn, 'id'>;
export const CSV_FIELD_COLUMNS = CSV_COLUMNS.filter((column): column is CsvFieldColumn => column !== 'id');

/** How the mapping step and the preview name each column. */
export const COLUMN_LABELS: Record<CsvColumn, string> = {
  strainName: 'Strain name',
  description: 'Description',
  category: 'Category',
  thcPercentage: 'THC %',
  cbdPercentage: 'CBD %',
  pricePerUnit: 'Price',
  unitType: 'Unit',
  availableQuantity: 'Available quantity',
  lotSize: 'Lot size (minimum order)',
  sku: 'SKU',
  id: 'Id',
};

/** Header names that surely mean one of the columns, besides the column's own name. */
export const COLUMN_SYNONYMS: Record<CsvColumn, readonly string[]> = {
  strainName: ['Strain', 'Strain Name', 'Name', 'Product', 'Product Name', 'Item', 'Item Name', 'Title'],
  description: ['Details', 'Desc', 'Product Description', 'Item Description', 'Long Description'],
  category: ['Type', 'Product Type', 'Product Category', 'Item Category', 'Category Name'],
  thcPercentage: ['THC', 'THC %', 'THC Percent', 'THC Pct', 'THC Percentage', 'Total THC', 'Total THC %', 'THC Content'],
  cbdPercentage: ['CBD', 'CBD %', 'CBD Percent', 'CBD Pct', 'CBD Percentage', 'Total CBD', 'Total CBD %', 'CBD Content'],
  pricePerUnit: ['Price', 'Unit Price', 'Price Each', 'Wholesale', 'Wholesale Price', 'Wholesale Unit Price', 'Price Per Unit'],
  unitType: ['Unit', 'Units', 'Unit Type', 'UOM', 'Unit of Measure', 'Unit of Measurement'],
  availableQuantity: [
    'Available Quantity',
    'Available Inventory',
    'Inventory Available',
    'Available',
    'Available Qty',
    'Quantity',
    'Quantity Available',
    'Quantity on Hand',
    'Qty',
    'Qty Available',
    'Qty on Hand',
    'On Hand',
    'On Hand Quantity',
    'Stock',
    'In Stock',
    'Stock Quantity',
    'Inventory',
    'Current Inventory',
    'Inventory Quantity',
  ],
  lotSize: [
    'Lot Size',
    'Minimum Order Quantity',
    'Minimum Order Qty',
    'Minimum Order',
    'Min Order',
    'Min Order Quantity',
    'Min Order Qty',
    'MOQ',
    'Minimum',
    'Minimum Quantity',
    'Min Qty',
  ],
  sku: ['SKU', 'SKU Number', 'Product SKU', 'Item SKU', 'Item Number', 'Item Code', 'Product Code'],
  id: ['Product Id'],
};

/** Headers of a column that says indica, sativa or hybrid: no category, offered for the description. */
export const STRAIN_TYPE_HEADERS = ['Strain Type', 'Strain Classification', 'Genetics', 'Indica/Sativa', 'Indica/Sativa/Hybrid', 'Dominance'] as const;

/** The values of such a column: when a column read as the category holds only these, it is a strain type instead. */
export const STRAIN_TYPES = [
  'Indica',
  'Sativa',
  'Hybrid',
  'Indica Dominant',
  'Sativa Dominant',
  'Indica Hybrid',
  'Sativa Hybrid',
  'Indica-Dominant Hybrid',
  'Sativa-Dominant Hybrid',
  'Balanced',
  'Balanced Hybrid',
] as const;

/** Category values other systems export, for each of the six categories (plurals of any also read). */
export const CATEGORY_SYNONYMS: Record<ProductCategory, readonly string[]> = {
  flower: ['Bud', 'Nug', 'Smalls', 'Popcorn', 'Whole Flower', 'Indoor Flower', 'Greenhouse Flower', 'Outdoor Flower', 'Usable Marijuana', 'Usable Cannabis'],
  preroll: ['Pre-Roll', 'Pre Roll', 'Joint', 'Blunt', 'Infused Pre-Roll', 'Pre-Rolled Joint'],
  concentrate: [
    'Concentrate',
    'Wax',
    'Shatter',
    'Live Resin',
    'Cured Resin',
    'Resin',
    'Rosin',
    'Live Rosin',
    'Badder',
    'Batter',
    'Budder',
    'Crumble',
    'Diamonds',
    'Sauce',
    'Sugar',
    'Hash',
    'Hashish',
    'Kief',
    'Distillate',
    'RSO',
    'Extract',
    'Dab',
  ],
  edible: ['Gummies', 'Gummy', 'Chocolate', 'Candy', 'Candies', 'Chew', 'Mint', 'Baked Goods', 'Cookie', 'Brownie', 'Beverage', 'Drink', 'Infused Beverage'],
  vape: ['Vape Cartridge', 'Cartridge', 'Cart', '510 Cartridge', '510 Cart', 'Vape Pen', 'Pen', 'Disposable', 'Disposable Vape', 'Pod', 'Vaporizer', 'All-in-One', 'AIO'],
  topical: ['Balm', 'Lotion', 'Salve', 'Cream', 'Roll-On', 'Transdermal', 'Transdermal Patch', 'Patch', 'Bath Bomb'],
};

/** Category values with a likely match the seller confirms in the mapping step: taken by mouth, or flower by another name. */
export const CATEGORY_GUESSES: Readonly<Record<string, ProductCategory>> = {
  Tincture: 'edible',
  Capsule: 'edible',
  Softgel: 'edible',
  Sublingual: 'edible',
  Shake: 'flower',
  Trim: 'flower',
};

/** Unit values other systems export, for each of the four units. */
export const UNIT_SYNONYMS: Record<UnitType, readonly string[]> = {
  lb: ['lbs', 'Pound', 'Pounds'],
  oz: ['ozs', 'Ounce', 'Ounces'],
  g: ['Gram', 'Grams', 'gr', 'gm', 'gms'],
  unit: ['Units', 'Each', 'EA', 'pcs', 'pc', 'Piece', 'Pieces', 'ct', 'Count', 'Item', 'Items', 'Package', 'Packages', 'pkg', 'Pack', 'Packs'],
};

/** Package sizes by name: an eighth (1/8 oz) is sold as a packaged unit, unless the seller says otherwise in the mapping step. */
export const UNIT_GUESSES: Readonly<Record<string, UnitType>> = {
  Eighth: 'unit',
  Eighths: 'unit',
  Quarter: 'unit',
  Quarters: 'unit',
  Half: 'unit',
  'Half Ounce': 'unit',
  'Half Oz': 'unit',
  'Quarter Pound': 'unit',
  QP: 'unit',
  'Half Pound': 'unit',
  'Half Gram': 'unit',
};

/** Potency cells that mean the lab found too little to measure (besides "<" and an amount of at most 1%). */
export const BELOW_DETECTION_WORDS = [
  'ND',
  'N/D',
  'Non-Detect',
  'Non Detect',
  'Nondetect',
  'Not Detected',
  'None Detected',
  'Below Detection',
  'Below Detection Limit',
  'BDL',
  '<LOQ',
  'LOQ',
  'Below LOQ',
  'BLQ',
  'BQL',
  '<LOD',
  'LOD',
  'Below LOD',
] as const;

/** Potency cells that give no figure at all: read as empty. */
export const NO_FIGURE_WORDS = ['N/A', 'NA', 'n.a.', '-', '--', '—', 'None', 'Not Tested', 'Untested', 'Not Available', 'Not Applicable'] as const;

/** The largest "<x%" a lab result may say and still read as below detection: labs' limits of quantitation are 1% or less. */
const BELOW_DETECTION_LIMIT_HUNDREDTHS = 100;

const byKey = <Value>(entries: Iterable<readonly [string, Value]>) => new Map([...entries].map(([word, value]) => [headerKey(word), value] as const));

const COLUMN_BY_KEY = byKey<CsvColumn>(CSV_COLUMNS.flatMap((column) => [[column, column] as const, ...COLUMN_SYNONYMS[column].map((word) => [word, column] as const)]));
const STRAIN_TYPE_HEADER_KEYS = new Set(STRAIN_TYPE_HEADERS.map(headerKey));
const STRAIN_TYPE_KEYS = new Set(STRAIN_TYPES.map(headerKey));
const CATEGORY_BY_KEY = byKey<ProductCategory>(
  PRODUCT_CATEGORIES.flatMap((category) => [
    [category, category] as const,
    [CATEGORY_LABELS[category], category] as const,
    ...CATEGORY_SYNONYMS[category].map((word) => [word, category] as const),
  ]),
);
const CATEGORY_GUESS_BY_KEY = byKey(Object.entries(CATEGORY_GUESSES));
const UNIT_BY_KEY = byKey<UnitType>(UNIT_TYPES.flatMap((unit) => [[unit, unit] as const, ...UNIT_SYNONYMS[unit].map((word) => [word, unit] as const)]));
const UNIT_GUESS_BY_KEY = byKey(Object.entries(UNIT_GUESSES));
const BELOW_DETECTION_KEYS = new Set(BELOW_DETECTION_WORDS.map(headerKey));
const NO_FIGURE_KEYS = new Set(NO_FIGURE_WORDS.map(headerKey));

/** Finds a word in a table, or the word without a plural ending ("Waxes", "Carts", "Gummies" are read as listed). */
function lookUp<Value>(table: ReadonlyMap<string, Value>, text: string): Value | undefined {
  const key = headerKey(text);
  if (key === '') return undefined;
  const found = table.get(key);
  if (found !== undefined) return found;
  if (key.endsWith('es')) return table.get(key.slice(0, -2)) ?? table.get(key.slice(0, -1));
  return key.endsWith('s') ? table.get(key.slice(0, -1)) : undefined;
}

/** The column a header surely names ("Available Inventory" → availableQuantity), or none. */
export function columnNamed(header: string): CsvColumn | undefined {
  return COLUMN_BY_KEY.get(headerKey(header));
}

/** Whether a header names a strain type column ("Strain Type"), which the seller may add to the description or leave out. */
export function isStrainTypeHeader(header: string): boolean {
  return STRAIN_TYPE_HEADER_KEYS.has(headerKey(header));
}

/** Whether a cell is a strain type ("Indica", "Sativa-dominant hybrid"), which is not a category. */
export function isStrainType(value: string): boolean {
  return STRAIN_TYPE_KEYS.has(headerKey(value));
}

/** The category a value surely means ("Vape Cartridge" → vape), or none. */
export function categoryNamed(value: string): ProductCategory | undefined {
  return lookUp(CATEGORY_BY_KEY, value);
}

/** A likely category for a value with no sure match ("Tincture" → edible), offered for the seller to confirm. */
export function categoryGuess(value: string): ProductCategory | undefined {
  return lookUp(CATEGORY_GUESS_BY_KEY, value);
}

/** The unit a value surely means ("EA", "pcs" → unit), or none. */
export function unitNamed(value: string): UnitType | undefined {
  return UNIT_BY_KEY.get(headerKey(value));
}

/** A package size: a number, or a fraction, and a weight or volume ("3.5g", "1/8 oz", "100 mg"). */
const PACKAGE_SIZE = /^\s*(\d+(?:\.\d+)?|\d+\s*\/\s*\d+)\s*(g|gr|gm|grams?|oz|ounces?|lbs?|pounds?|mg|ml)\.?\s*$/i;

/**
 * A likely unit for a value with no sure match, offered for the seller to
 * confirm: a named package size ("Eighth") or one written out ("3.5g") is
 * sold by the unit, but exactly one of a weight ("1 lb") is priced per that weight.
 */
export function unitGuess(value: string): UnitType | undefined {
  const named = lookUp(UNIT_GUESS_BY_KEY, value);
  if (named) return named;
  const size = PACKAGE_SIZE.exec(value);
  if (!size) return undefined;
  const weight = unitNamed(size[2]!);
  return size[1] === '1' && weight && weight !== 'unit' ? weight : 'unit';
}

export type PotencyReading = { kind: 'empty' } | { kind: 'belowDetection' } | { kind: 'figure'; text: string };

/**
 * A THC or CBD cell as a lab report or another system writes it: "ND",
 * "<LOQ" and "<0.1%" are below detection; "N/A" and "-" give no figure;
 * anything else is a figure for the schema to check.
 */
export function readPotency(cell: string): PotencyReading {
  const text = cell.trim();
  if (text === '' || NO_FIGURE_KEYS.has(headerKey(text))) return { kind: 'empty' };
  if (BELOW_DETECTION_KEYS.has(headerKey(text))) return { kind: 'belowDetection' };
  const lessThan = /^<\s*(\d*(?:\.\d+)?)\s*%?$/.exec(text);
  if (lessThan?.[1] && hundredths(lessThan[1]) <= BELOW_DETECTION_LIMIT_HUNDREDTHS) return { kind: 'belowDetection' };
  return { kind: 'figure', text };
}

/** '0.1' → 10, without a float: the limit is compared in whole hundredths. */
function hundredths(amount: string): number {
  const [whole = '', fraction = ''] = amount.split('.');
  return Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0').slice(0, 2)) + (/[1-9]/.test(fraction.slice(2)) ? 1 : 0);
}
