import { describe, expect, it } from 'vitest';
import { headerKey } from '../../../sync/rules/csv-cells';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES, UNIT_TYPES } from '../../../sync/contract/constants';
import {
  BELOW_DETECTION_WORDS,
  CATEGORY_GUESSES,
  CATEGORY_SYNONYMS,
  categoryGuess,
  categoryNamed,
  COLUMN_SYNONYMS,
  columnNamed,
  CSV_COLUMNS,
  isStrainType,
  isStrainTypeHeader,
  NO_FIGURE_WORDS,
  readPotency,
  STRAIN_TYPE_HEADERS,
  STRAIN_TYPES,
  UNIT_GUESSES,
  UNIT_SYNONYMS,
  unitGuess,
  unitNamed,
} from './product-csv-vocabulary';

/** The words that name more than one thing: [word key, the things it names]. */
function ambiguous(named: Record<string, readonly string[]>): [string, string[]][] {
  const owners = new Map<string, Set<string>>();
  for (const [owner, words] of Object.entries(named)) for (const word of words) owners.set(headerKey(word), (owners.get(headerKey(word)) ?? new Set()).add(owner));
  return [...owners].filter(([, names]) => names.size > 1).map(([key, names]) => [key, [...names]]);
}

/** A word as other systems might write it: as listed, shouted, in snake case, with stray spaces. */
const spellings = (word: string) => [word, word.toUpperCase(), word.toLowerCase().replace(/[\s/-]+/g, '_'), `  ${word} `];

describe('the columns other systems name', () => {
  it.each(CSV_COLUMNS.flatMap((column) => [column, ...COLUMN_SYNONYMS[column]].map((word) => [word, column] as const)))('reads "%s" as %s', (word, column) => {
    for (const spelling of spellings(word)) expect(columnNamed(spelling)).toBe(column);
  });

  it("reads the issue's own examples", () => {
    expect(columnNamed('Available Inventory')).toBe('availableQuantity');
    expect(columnNamed('Qty')).toBe('availableQuantity');
    expect(columnNamed('On Hand')).toBe('availableQuantity');
    expect(columnNamed('Minimum Order Quantity')).toBe('lotSize');
    expect(columnNamed('MOQ')).toBe('lotSize');
    expect(columnNamed('Product Name')).toBe('strainName');
    expect(columnNamed('Name')).toBe('strainName');
  });

  it('gives every header name one column only', () => {
    expect(ambiguous(Object.fromEntries(CSV_COLUMNS.map((column) => [column, [column, ...COLUMN_SYNONYMS[column]]])))).toEqual([]);
  });

  it('knows no name it is not sure of: a lot number, a cost or a brand is asked about', () => {
    for (const header of ['Lot', 'Lot Number', 'Cost', 'Brand', 'Vendor', 'THCA', 'Notes', 'Strain Type', 'constructor', '__proto__']) expect(columnNamed(header)).toBeUndefined();
  });

  it.each(STRAIN_TYPE_HEADERS)('reads "%s" as a strain type column, which no column of the catalogue is', (header) => {
    for (const spelling of spellings(header)) expect(isStrainTypeHeader(spelling)).toBe(true);
    expect(columnNamed(header)).toBeUndefined();
  });

  it.each(STRAIN_TYPES)('reads "%s" as a strain type, never a category', (value) => {
    for (const spelling of spellings(value)) expect(isStrainType(spelling)).toBe(true);
    expect(categoryNamed(value)).toBeUndefined();
  });

  it('reads no category as a strain type', () => {
    for (const word of [...PRODUCT_CATEGORIES, 'Vape Cartridge', 'CBD']) expect(isStrainType(word)).toBe(false);
  });
});

describe('the categories other systems name', () => {
  it.each(PRODUCT_CATEGORIES.flatMap((category) => [category, CATEGORY_LABELS[category], ...CATEGORY_SYNONYMS[category]].map((word) => [word, category] as const)))(
    'reads "%s" as %s, in the singular and the plural',
    (word, category) => {
      for (const spelling of spellings(word)) expect(categoryNamed(spelling)).toBe(category);
      expect(categoryNamed(`${word}s`)).toBe(category);
    },
  );

  it("reads the issue's own examples", () => {
    const examples = {
      'Vape Cartridge': 'vape',
      Cart: 'vape',
      'Vape Pen': 'vape',
      'Pre-Roll': 'preroll',
      Joint: 'preroll',
      Wax: 'concentrate',
      Shatter: 'concentrate',
      'Live Resin': 'concentrate',
      Rosin: 'concentrate',
      Gummies: 'edible',
      Chocolate: 'edible',
      Balm: 'topical',
      Lotion: 'topical',
      Bud: 'flower',
      Flower: 'flower',
    };
    for (const [word, category] of Object.entries(examples)) expect(categoryNamed(word)).toBe(category);
    expect(categoryNamed('Waxes')).toBe('concentrate');
    expect(categoryNamed('Cartridges')).toBe('vape');
  });

  it('gives every category word one category only', () => {
    expect(ambiguous(Object.fromEntries(PRODUCT_CATEGORIES.map((category) => [category, [category, CATEGORY_LABELS[category], ...CATEGORY_SYNONYMS[category]]])))).toEqual([]);
  });

  it.each(Object.entries(CATEGORY_GUESSES))('only guesses "%s" as %s, for the seller to confirm', (word, category) => {
    expect(categoryNamed(word)).toBeUndefined();
    expect(categoryGuess(word)).toBe(category);
    expect(categoryGuess(`${word}s`)).toBe(category);
  });

  it('neither reads nor guesses what it does not know', () => {
    for (const word of ['Moon Rocks', 'Seeds', 'Clones', 'Accessories', '', '---']) {
      expect(categoryNamed(word)).toBeUndefined();
      expect(categoryGuess(word)).toBeUndefined();
    }
  });
});

describe('the units other systems name', () => {
  it.each(UNIT_TYPES.flatMap((unit) => [unit, ...UNIT_SYNONYMS[unit]].map((word) => [word, unit] as const)))('reads "%s" as %s', (word, unit) => {
    for (const spelling of spellings(word)) expect(unitNamed(spelling)).toBe(unit);
  });

  it("reads the issue's own examples: Each, EA and pcs are units", () => {
    for (const word of ['Each', 'EA', 'pcs']) expect(unitNamed(word)).toBe('unit');
  });

  it('gives every unit word one unit only', () => {
    expect(ambiguous(Object.fromEntries(UNIT_TYPES.map((unit) => [unit, [unit, ...UNIT_SYNONYMS[unit]]])))).toEqual([]);
  });

  it.each(Object.entries(UNIT_GUESSES))('is not sure of "%s": it offers %s, for the seller to confirm or change', (word, unit) => {
    expect(unitNamed(word)).toBeUndefined();
    expect(unitGuess(word)).toBe(unit);
  });

  it('offers a package size written out as a unit, and exactly one of a weight as that weight', () => {
    for (const size of ['3.5g', '3.5 g', '1/8 oz', '1/4oz', '7 grams', '100mg', '0.5 g', '2 oz', '10 ml', '5 lbs']) expect(unitGuess(size)).toBe('unit');
    expect(unitGuess('1 lb')).toBe('lb');
    expect(unitGuess('1 oz')).toBe('oz');
    expect(unitGuess('1 gram')).toBe('g');
    expect(unitNamed('3.5g')).toBeUndefined();
  });

  it('neither reads nor guesses what it does not know', () => {
    for (const word of ['kg', 'Case', 'Bundle', '']) {
      expect(unitNamed(word)).toBeUndefined();
      expect(unitGuess(word)).toBeUndefined();
    }
  });
});

describe('readPotency', () => {
  it.each(BELOW_DETECTION_WORDS)('reads "%s" as below detection', (word) => {
    for (const spelling of spellings(word)) expect(readPotency(spelling)).toEqual({ kind: 'belowDetection' });
  });

  it('reads "<" with at most 1% as below detection: <0.1%, <LOQ and ND alike', () => {
    for (const cell of ['<0.1%', '< 0.1 %', '<0.01', '<.05%', '<1%', '<1.00%', 'ND', '<LOQ']) expect(readPotency(cell)).toEqual({ kind: 'belowDetection' });
  });

  it('keeps "<" with more than 1% a figure, for the schema to refuse', () => {
    for (const cell of ['<1.01%', '<5%', '<1.001']) expect(readPotency(cell)).toEqual({ kind: 'figure', text: cell });
  });

  it.each(NO_FIGURE_WORDS)('reads "%s" as no figure at all', (word) => {
    expect(readPotency(word)).toEqual({ kind: 'empty' });
  });

  it('reads a blank cell as no figure, and anything else as a figure', () => {
    expect(readPotency('   ')).toEqual({ kind: 'empty' });
    expect(readPotency(' 24.5% ')).toEqual({ kind: 'figure', text: '24.5%' });
    expect(readPotency('0')).toEqual({ kind: 'figure', text: '0' });
    expect(readPotency('10mg')).toEqual({ kind: 'figure', text: '10mg' });
  });
});
