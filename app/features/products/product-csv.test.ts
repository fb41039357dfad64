import { readFileSync } from 'node:fs';
import { parse } from 'papaparse';
import { describe, expect, it } from 'vitest';
import { productCreateSchema } from '../../../sync/entities/product';
import { guardFormula } from '../../../sync/rules/csv-cells';
import { validate } from '../../../sync/contract/validation';
import { CSV_COLUMNS, exportFileName, MAX_IMPORT_ROWS, parseProductCsv, productsToCsv, rowMessage, TEMPLATE_EXAMPLE, templateCsv, type CsvProduct } from './product-csv';
import type { ImportChoices } from './product-csv-mapping';

const HEADER = CSV_COLUMNS.join(',');

const valid = (text: string) =>
  parseProductCsv(text)
    .rows.filter((row) => row.values)
    .map((row) => row.values!);

describe('parseProductCsv', () => {
  it('reads valid rows into the schema-checked fields', () => {
    const parsed = parseProductCsv(`${HEADER}\nBlue Dream,Berry,flower,24.5,0.1,1200,lb,10.5,1\n`);
    expect(parsed.error).toBeUndefined();
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.rows[0]).toMatchObject({
      line: 2,
      values: {
        strainName: 'Blue Dream',
        description: 'Berry',
        category: 'flower',
        thcPercentage: '24.50',
        cbdPercentage: '0.10',
        pricePerUnit: '1200.00',
        unitType: 'lb',
        availableQuantity: '10.500',
        lotSize: 1,
      },
    });
    expect(parsed.rows[0]?.error).toBeUndefined();
  });

  it('gives a bad row its spreadsheet row number and the schema message, and keeps the good rows', () => {
    const parsed = parseProductCsv(`${HEADER}\nGood One,,flower,20,,10,oz,1,1\n,No name here,flower,20,,10,oz,1,1\nGood Two,,vape,,,5,unit,3,2\n`);
    expect(parsed.rows.map((row) => [row.line, Boolean(row.values)])).toEqual([
      [2, true],
      [3, false],
      [4, true],
    ]);
    expect(rowMessage(parsed.rows[1]!)).toBe('Row 3: Strain name is required');
    expect(parsed.rows[1]?.cells.description).toBe('No name here');
  });

  it('lists every problem of a row, in column order, with the schema messages', () => {
    const [row] = parseProductCsv(`${HEADER}\nToo Much,,flower,101,100.5,-1,oz,-2,0\n`).rows;
    expect(row?.error).toBe(
      [
        'THC % must be between 0 and 100',
        'CBD % must be between 0 and 100',
        'Price must be between 0 and 99999999.99',
        'Available quantity must be between 0 and 9999999.999',
        'Lot size must be a whole number of at least 1',
      ].join('; '),
    );
    expect(parseProductCsv(`${HEADER}\nHalf,,flower,,,,oz,,1.5\n`).rows[0]?.error).toBe('Lot size must be a whole number of at least 1');
    expect(parseProductCsv(`${HEADER}\nCheap,,flower,,,abc,oz,,\n`).rows[0]?.error).toBe('Price must be a number');
    expect(parseProductCsv(`${HEADER}\nLong,${'x'.repeat(5001)},flower,,,,oz,,\n`).rows[0]?.error).toBe('Description must be at most 5000 characters');
    expect(parseProductCsv(`${HEADER}\n${'n'.repeat(201)},,flower,,,,oz,,\n`).rows[0]?.error).toBe('Strain name must be at most 200 characters');
  });

  it('keeps commas, quotes and line breaks inside quoted cells', () => {
    const [row] = parseProductCsv(`${HEADER}\n"Kush, Limited","Dense buds, ""sticky"" feel\nsecond line",flower,,,"1200.50",oz,1,1\n`).rows;
    expect(row?.error).toBeUndefined();
    expect(row?.values?.strainName).toBe('Kush, Limited');
    expect(row?.values?.description).toBe('Dense buds, "sticky" feel\nsecond line');
    expect(row?.values?.pricePerUnit).toBe('1200.50');
    // "1,00" is not a price: refused, never guessed at.
    const [withComma] = parseProductCsv(`${HEADER}\n"Kush, Limited",,flower,,,"1,00",oz,1,1\n`).rows;
    expect(withComma?.error).toBe('Price must be a number');
  });

  it('counts a multi-line cell as one spreadsheet row', () => {
    const parsed = parseProductCsv(`${HEADER}\nA,"two\nlines",flower,,,,oz,,\n,missing,flower,,,,oz,,\n`);
    expect(parsed.rows.map(rowMessage)).toEqual(['Row 2: OK', 'Row 3: Strain name is required']);
  });

  it('ignores a byte order mark and Windows line endings', () => {
    const parsed = parseProductCsv(`\uFEFF${HEADER}\r\nBOM Kush,,flower,,,15,oz,2,1\r\n`);
    expect(parsed.error).toBeUndefined();
    expect(parsed.rows.map((row) => row.values?.strainName)).toEqual(['BOM Kush']);
    expect(parsed.ignoredColumns).toEqual([]);
  });

  it('refuses an unknown category or unit with the allowed values, and reads labels and plurals', () => {
    const parsed = parseProductCsv(`${HEADER}\nA,,Flowerz,,,,oz,,\nB,,Pre-Rolls,,,,LBS,,\nC,,edible,,,,kg,,\nD,,,,,,,,\n`);
    expect(parsed.rows.map((row) => row.error)).toEqual([
      'Unknown category "Flowerz": use flower, preroll, concentrate, edible, vape, topical',
      undefined,
      'Unknown unit "kg": use lb, oz, g, unit',
      undefined,
    ]);
    expect(parsed.rows[1]?.values).toMatchObject({ category: 'preroll', unitType: 'lb' });
    // Empty cells take the form's defaults.
    expect(parsed.rows[3]?.values).toMatchObject({ category: 'flower', unitType: 'oz', availableQuantity: '0.000', lotSize: 1, pricePerUnit: null });
  });

  it('reads the header whatever its case, spacing or punctuation, and a few common names', () => {
    const parsed = parseProductCsv('STRAIN NAME,Description,CATEGORY,thc %,CBD,Price,unit_type,Quantity,Lot Size,Supplier\nUpper,,FLOWER,22,,$30,OZ,4,1,Acme\n');
    expect(parsed.error).toBeUndefined();
    expect(parsed.rows[0]?.values).toMatchObject({
      strainName: 'Upper',
      category: 'flower',
      thcPercentage: '22.00',
      pricePerUnit: '30.00',
      unitType: 'oz',
      availableQuantity: '4.000',
    });
    expect(parsed.ignoredColumns).toEqual(['Supplier']);
  });

  it('reads a column named constructor or __proto__ as an unknown column, left out like any other', () => {
    const inherited = Object.getOwnPropertyNames(Object.prototype);
    const parsed = parseProductCsv('strainName,constructor,__proto__,Supplier\nUpper,x,y,Acme\n');
    expect(parsed.error).toBeUndefined();
    expect(parsed.ignoredColumns).toEqual(['constructor', '__proto__', 'Supplier']);
    expect(parsed.columns).toEqual(['strainName']);
    expect(parsed.rows[0]?.values).toEqual(parseProductCsv('strainName\nUpper\n').rows[0]?.values);
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(inherited);
  });

  it('reads the names other inventory systems give their columns', () => {
    const parsed = parseProductCsv('Product Name,Item Code,Type,THC %,Wholesale Price,UOM,Qty Available,MOQ,Product ID\nUpper,UP-1,Vape,85 %,$40,units,120,6,\n');
    expect(parsed.ignoredColumns).toEqual([]);
    expect(parsed.rows[0]?.values).toMatchObject({
      strainName: 'Upper',
      sku: 'UP-1',
      category: 'vape',
      thcPercentage: '85.00',
      pricePerUnit: '40.00',
      unitType: 'unit',
      availableQuantity: '120.000',
      lotSize: 6,
    });
    for (const header of ['Stock', 'Inventory', 'On Hand', 'Quantity Available']) {
      expect(parseProductCsv(`Strain,${header}\nA,7\n`).rows[0]?.values?.availableQuantity).toBe('7.000');
    }
    for (const header of ['Min Order', 'Minimum Order', 'Min Qty']) {
      expect(parseProductCsv(`Strain,${header}\nA,3\n`).rows[0]?.values?.lotSize).toBe(3);
    }
  });

  it('reads prices and quantities with thousands separators and a currency sign', () => {
    const parsed = parseProductCsv('strainName,pricePerUnit,availableQuantity\nA,"1,700.00",1\nB,"$1,700.00","1,250.5"\nC,$3.50,2\nD,"US$ 12,000",3\nE,"1,70",4\n');
    expect(parsed.rows.map((row) => row.values?.pricePerUnit ?? row.error)).toEqual(['1700.00', '1700.00', '3.50', '12000.00', expect.stringMatching(/Price/)]);
    expect(parsed.rows[1]?.values?.availableQuantity).toBe('1250.500');
  });

  it('skips blank trailing lines and rows of empty cells without shifting row numbers', () => {
    const parsed = parseProductCsv(`${HEADER}\nFirst,,flower,,,,oz,,\n\n,,,,,,,,\n   \n,,flower,,,,oz,,\n\n\n,,,,,,,,\n`);
    expect(parsed.rows.map(rowMessage)).toEqual(['Row 2: OK', 'Row 6: Strain name is required']);
  });

  it('keeps decimals exact: no float ever touches them', () => {
    const [row] = valid(`${HEADER}\nExact,,flower,33.33,0.07,0.29,g,9999999.999,1\n`);
    expect(row).toMatchObject({ thcPercentage: '33.33', cbdPercentage: '0.07', pricePerUnit: '0.29', availableQuantity: '9999999.999' });
    expect(valid(`${HEADER}\nBig,,flower,,,99999999.99,lb,0.001,1\n`)[0]).toMatchObject({ pricePerUnit: '99999999.99', availableQuantity: '0.001' });
    // Too many decimals are refused rather than rounded.
    expect(parseProductCsv(`${HEADER}\nRound,,flower,,,19.999,lb,1.0005,1\n`).rows[0]?.error).toBe(
      'Price allows at most 2 decimal places; Available quantity allows at most 3 decimal places',
    );
  });

  it('flags a row with more cells than columns', () => {
    const parsed = parseProductCsv(`${HEADER}\nA,,flower,,,,oz,,\nB,with, comma,flower,,,,oz,,,,\n`);
    expect(parsed.rows[1]?.error).toMatch(/more cells than the header has columns/);
    expect(parsed.rows[1]?.line).toBe(3);
  });

  it('flags an unclosed quote', () => {
    const parsed = parseProductCsv(`${HEADER}\nA,,flower,,,,oz,,\n"B,,flower,,,,oz,,\n`);
    expect(parsed.rows.at(-1)?.error).toBe('A quoted value is not closed');
  });

  it('refuses files it cannot use, saying why', () => {
    expect(parseProductCsv('').error).toBe('The file is empty.');
    expect(parseProductCsv('\n\n').error).toBe('The file is empty.');
    expect(parseProductCsv('supplier,price\nA,1\n').error).toMatch(/no strainName column/);
    expect(parseProductCsv(`${HEADER}\n`).error).toBe('The file has a header but no product rows.');
    const tooMany = `${HEADER}\n${'A,,flower,,,,oz,,\n'.repeat(MAX_IMPORT_ROWS + 1)}`;
    expect(parseProductCsv(tooMany).error).toMatch(/import at most 2000/);
  });

  it('gives each valid row what product.create needs', () => {
    const [values] = valid(`${HEADER}\nReady,,flower,18,,25,oz,3,2\n`);
    const checked = validate(productCreateSchema, { ...values, id: crypto.randomUUID(), selectedMenus: [] });
    expect(checked.ok).toBe(true);
  });
});

describe("parseProductCsv: another system's export", () => {
  /** The browser test's file: 30 rows as another cannabis system exports them. */
  const otherSystem = readFileSync(new URL('../../../e2e/fixtures/other-system-catalogue.csv', import.meta.url), 'utf8');
  const sellersChoices: ImportChoices = {
    columns: new Map([
      ['brand', 'addToDescription'],
      ['straintype', 'leaveOut'],
    ]),
    categories: new Map([['moonrocks', 'flower']]),
    units: new Map(),
  };

  it('reads all 30 rows with the choices a seller makes once, where it read none before', () => {
    const parsed = parseProductCsv(otherSystem, sellersChoices);
    expect(parsed.error).toBeUndefined();
    expect(parsed.rows.filter((row) => row.error).map(rowMessage)).toEqual([]);
    expect(parsed.rows).toHaveLength(30);
    expect(parsed.ignoredColumns).toEqual(['Strain Type']);
    expect(parsed.addedToDescription).toEqual(['Brand']);
    const byName = new Map(parsed.rows.map((row) => [row.values?.strainName, row.values]));
    expect(byName.get('Blue Dream 3.5g')).toMatchObject({
      sku: 'OS-001',
      category: 'flower',
      thcPercentage: '24.50',
      cbdPercentage: null,
      cbdBelowDetection: true,
      pricePerUnit: '25.00',
      unitType: 'unit',
      availableQuantity: '120.000',
      lotSize: 10,
      description: 'Brand: Orchard Farms',
    });
    expect(byName.get('Sour Diesel Pound')).toMatchObject({ pricePerUnit: '1650.00', unitType: 'lb', availableQuantity: '12.500', cbdBelowDetection: true });
    expect(byName.get('Live Resin Cart 1g')).toMatchObject({ category: 'vape', unitType: 'unit' });
    expect(byName.get('CBD Relief Balm')).toMatchObject({ category: 'topical', thcPercentage: null, thcBelowDetection: true, cbdPercentage: '12.50' });
    expect(byName.get('Sour Watermelon Gummies')).toMatchObject({ category: 'edible', thcPercentage: null, thcBelowDetection: false });
    expect(byName.get('Moon Rocks')).toMatchObject({ category: 'flower', unitType: 'unit' });
    expect(byName.get('Full Spectrum Tincture')).toMatchObject({ category: 'edible' });
    expect(parsed.rows.map((row) => row.values?.category)).toEqual(expect.not.arrayContaining([undefined]));
  });

  it('with nothing chosen, still reads every sure match, guesses tinctures and eighths, and skips only the unknown category', () => {
    const parsed = parseProductCsv(otherSystem);
    expect(parsed.rows.filter((row) => row.error).map(rowMessage)).toEqual([
      'Row 20: Unknown category "Moon Rocks": use flower, preroll, concentrate, edible, vape, topical',
      'Row 21: Unknown category "Moon Rocks": use flower, preroll, concentrate, edible, vape, topical',
    ]);
    // The strain type goes into the description unless the seller leaves it out.
    expect(parsed.rows[0]?.values?.description).toBe('Strain Type: Hybrid');
  });
});

describe('parseProductCsv: lab results and descriptions', () => {
  it('reads ND, <LOQ and <0.1% as below detection with the percentage empty, and N/A as no figure', () => {
    const parsed = parseProductCsv('Name,THC,CBD\nA,ND,<LOQ\nB,<0.1%,N/A\nC,24.5 %,0.08\nD,<5%,\n');
    expect(parsed.rows.map((row) => row.values && [row.values.thcPercentage, row.values.thcBelowDetection, row.values.cbdPercentage, row.values.cbdBelowDetection])).toEqual([
      [null, true, null, true],
      [null, true, null, false],
      ['24.50', false, '0.08', false],
      undefined,
    ]);
    expect(parsed.rows[3]?.error).toBe('THC % must be a number');
  });

  it("adds the chosen columns to the file's own description, one line each, leaving out empty cells", () => {
    const choices: ImportChoices = { columns: new Map([['brand', 'addToDescription']]), categories: new Map(), units: new Map() };
    const parsed = parseProductCsv('Name,Description,Brand,Strain Type\nA,Fruity,Acme,Indica\nB,,Acme,\nC,,,\n', choices);
    expect(parsed.columns).toContain('description');
    expect(parsed.rows.map((row) => row.values?.description)).toEqual(['Fruity\nBrand: Acme\nStrain Type: Indica', 'Brand: Acme', null]);
  });

  it('writes a potency below detection as ND, which reads back the same', () => {
    const csv = productsToCsv([{ ...TEMPLATE_EXAMPLE, thcPercentage: null, thcBelowDetection: true, cbdPercentage: null, cbdBelowDetection: true }]);
    expect(csv.split('\r\n')[1]).toContain(',flower,ND,ND,');
    expect(parseProductCsv(csv).rows[0]?.values).toMatchObject({ thcPercentage: null, thcBelowDetection: true, cbdPercentage: null, cbdBelowDetection: true });
  });
});

const product = (overrides: Partial<CsvProduct>): CsvProduct => ({ ...TEMPLATE_EXAMPLE, ...overrides });

describe('productsToCsv', () => {
  it('writes the template columns and reads back to the same products', () => {
    const products = [
      product({ strainName: 'Kush, Limited', description: 'Line one\nline "two"', pricePerUnit: '0.29', availableQuantity: '10.125', id: crypto.randomUUID() }),
      product({
        strainName: 'Plain',
        description: null,
        thcPercentage: null,
        cbdPercentage: null,
        pricePerUnit: null,
        category: 'vape',
        unitType: 'unit',
        lotSize: 5,
        sku: null,
        id: crypto.randomUUID(),
      }),
    ];
    const csv = productsToCsv(products);
    expect(csv.split('\r\n')[0]).toBe(HEADER);
    const back = parseProductCsv(csv);
    expect(back.error).toBeUndefined();
    expect(back.columns).toEqual([...CSV_COLUMNS]);
    expect(back.rows.map((row) => row.values)).toEqual(products.map(({ id: _id, ...item }) => ({ ...item, photoUrl: null, photoIds: [], labResultId: null })));
    expect(back.rows.map((row) => row.cells.id)).toEqual(products.map((item) => item.id));
  });

  it('puts an apostrophe before cells a spreadsheet would run as formulas, but not before plain numbers', () => {
    const csv = productsToCsv([
      product({ strainName: '=HYPERLINK("http://evil.test","Click")', description: '+cmd|calc', availableQuantity: '-0' }),
      product({ strainName: '@SUM(A1)', description: '-5 days cured', cbdPercentage: '-1' }),
    ]);
    const rows = parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(rows[1]?.[0]).toBe(`'=HYPERLINK("http://evil.test","Click")`);
    expect(rows[1]?.[1]).toBe(`'+cmd|calc`);
    expect(rows[1]?.[7]).toBe('-0');
    expect(rows[2]?.[0]).toBe(`'@SUM(A1)`);
    expect(rows[2]?.[1]).toBe(`'-5 days cured`);
    expect(rows[2]?.[4]).toBe('-1');
    // Reading our own export back takes the apostrophe off again.
    expect(parseProductCsv(csv).rows[0]?.cells.strainName).toBe('=HYPERLINK("http://evil.test","Click")');
  });

  it('quotes cells holding a semicolon, a tab or a line break, which spreadsheets in some languages split on', () => {
    const csv = productsToCsv([product({ strainName: 'Kush; Limited', description: 'Dense\tbuds\nsecond line', sku: 'K;1' })]);
    expect(csv.split('\r\n')[1]).toMatch(/^"Kush; Limited","Dense\tbuds\nsecond line",.*,"K;1",/);
    expect(parseProductCsv(csv).rows[0]?.values).toMatchObject({ strainName: 'Kush; Limited', description: 'Dense\tbuds\nsecond line', sku: 'K;1' });
  });

  it('guards tab and carriage-return starts too', () => {
    expect(guardFormula('\tx')).toBe(`'\tx`);
    expect(guardFormula('\r=1')).toBe(`'\r=1`);
    expect(guardFormula('Blue Dream')).toBe('Blue Dream');
    expect(guardFormula('+12.5')).toBe('+12.5');
    expect(guardFormula('=12')).toBe(`'=12`);
  });
});

describe('templateCsv', () => {
  it('is the header row and one example row that imports cleanly', () => {
    const csv = templateCsv();
    expect(csv.trimEnd().split('\r\n')).toHaveLength(2);
    expect(csv.startsWith(`${HEADER}\r\n`)).toBe(true);
    const parsed = parseProductCsv(csv);
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.rows[0]?.values?.strainName).toBe('Blue Dream');
  });
});

describe('exportFileName', () => {
  it('is dated by the local calendar', () => {
    expect(exportFileName(new Date(2025, 0, 5, 23, 59))).toBe('products-2025-01-05.csv');
    expect(exportFileName(new Date(2025, 11, 31, 0, 1))).toBe('products-2025-12-31.csv');
  });
});
