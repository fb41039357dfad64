import { describe, expect, it } from 'vitest';
import type { Product } from '../../../sync/entities/product';
import { productFixture } from '../../../sync/testing/entity-fixtures';
import { CSV_COLUMNS, parseProductCsv, productsToCsv } from './product-csv';
import { changeSummary, planImport } from './product-import-plan';

const blueDream = productFixture({
  id: '10000000-0000-4000-8000-000000000001',
  strainName: 'Blue Dream',
  sku: 'BD-1',
  availableQuantity: '10.000',
  pricePerUnit: '1200.00',
  description: 'Berry',
  photoIds: ['20000000-0000-4000-8000-000000000001'],
});
const gelato = productFixture({ id: '10000000-0000-4000-8000-000000000002', strainName: 'Gelato', sku: 'GE-1', availableQuantity: '5.000' });
const catalogue: Product[] = [blueDream, gelato];

const plan = (csv: string, products: readonly Product[] = catalogue) => planImport(parseProductCsv(csv), products);

describe('planImport', () => {
  it('updates the products an export names and changes nothing else: importing it back is a no-op', () => {
    const result = plan(productsToCsv(catalogue));
    expect(result).toMatchObject({ adds: 0, updates: 0, unchanged: 2, skipped: [] });
    expect(result.steps.map((step) => step.kind)).toEqual(['update', 'update']);
  });

  it('updates the row matched by id with only the fields that changed', () => {
    const edited = productsToCsv([{ ...blueDream, availableQuantity: '3.500' }, gelato]);
    const result = plan(edited);
    expect(result).toMatchObject({ adds: 0, updates: 1, unchanged: 1 });
    expect(result.steps[0]).toMatchObject({ kind: 'update', product: { id: blueDream.id }, changes: { availableQuantity: '3.500' } });
    expect(Object.keys(result.steps[0]!.kind === 'update' ? result.steps[0]!.changes : {})).toEqual(['availableQuantity']);
  });

  it('matches by SKU when the file has no id, and adds rows that match nothing', () => {
    const result = plan('sku,strainName,stock\nGE-1,Gelato,9\nNEW-1,Fresh Kush,4\n,No Code,1\n');
    expect(result).toMatchObject({ adds: 2, updates: 1, unchanged: 0 });
    expect(result.steps.map((step) => [step.kind, step.row.line])).toEqual([
      ['update', 2],
      ['add', 3],
      ['add', 4],
    ]);
    expect(result.steps[0]).toMatchObject({ changes: { availableQuantity: '9.000' } });
  });

  it('never touches a field the file has no column for (photos, description)', () => {
    const result = plan(`strainName,sku,availableQuantity\nBlue Dream,BD-1,2\n`);
    const [step] = result.steps;
    expect(step).toMatchObject({ kind: 'update', changes: { availableQuantity: '2.000' } });
    expect(step?.kind === 'update' && step.changes).not.toHaveProperty('description');
    expect(step?.kind === 'update' && step.changes).not.toHaveProperty('photoIds');
  });

  it('prefers the id over the SKU, and refuses a row whose SKU belongs to another product', () => {
    const csv = `${CSV_COLUMNS.join(',')}\nGelato renamed,,flower,,,,oz,5,1,GE-1,${gelato.id}\nBlue Dream,,flower,,,,oz,5,1,GE-1,${blueDream.id}\n`;
    const result = plan(csv);
    expect(result.steps).toHaveLength(1);
    expect(result.steps[0]).toMatchObject({ kind: 'update', product: { id: gelato.id }, changes: { strainName: 'Gelato renamed' } });
    expect(result.skipped.map((row) => [row.line, row.error])).toEqual([[3, 'SKU GE-1 is already used by Gelato']]);
  });

  it('refuses a second row for the same product or the same new SKU, naming the first', () => {
    const result = plan('strainName,sku,stock\nBlue Dream,BD-1,1\nBlue Dream again,BD-1,2\nNew,N-1,1\nNew twin,N-1,1\n');
    expect(result.steps.map((step) => step.row.line)).toEqual([2, 4]);
    expect(result.skipped.map((row) => row.error)).toEqual(['Row 2 already updates Blue Dream', 'SKU N-1 is on row 4 too']);
  });

  it('keeps rows with their own errors among the skipped, and adds an id from another catalogue as a new product', () => {
    const result = plan(`strainName,id,lotSize\n,${blueDream.id},1\nStranger,30000000-0000-4000-8000-000000000009,2\n`);
    expect(result.skipped.map((row) => row.line)).toEqual([2]);
    expect(result.steps).toMatchObject([{ kind: 'add', values: { strainName: 'Stranger', lotSize: 2 } }]);
  });

  it("for a rep, leaves the file's prices and stock out: new products come without them and updates change the rest", () => {
    const csv = 'strainName,sku,pricePerUnit,stock,description\nBlue Dream,BD-1,1.00,999,Fruity\nFresh Kush,FK-1,50,20,New\n';
    const result = planImport(parseProductCsv(csv), catalogue, { setsPriceAndStock: false });
    expect(result.leftOut).toEqual(['pricePerUnit', 'availableQuantity']);
    expect(result).toMatchObject({ adds: 1, updates: 1 });
    expect(result.steps[0]).toMatchObject({ kind: 'update', changes: { description: 'Fruity' } });
    expect(Object.keys(result.steps[0]!.kind === 'update' ? result.steps[0]!.changes : {})).toEqual(['description']);
    expect(result.steps[1]).toMatchObject({ kind: 'add', values: { strainName: 'Fresh Kush', pricePerUnit: null, availableQuantity: '0.000', description: 'New' } });
    expect(plan(csv).leftOut).toEqual([]);
  });
});

describe('changeSummary', () => {
  const stocked = productFixture({ strainName: 'Kush', pricePerUnit: '10.00', availableQuantity: '5.000', unitType: 'unit', sku: 'K-1', thcPercentage: '20.00' });

  it('says what an update changes, before and after: "Price $10.00 → $12.00, stock 5 → 8"', () => {
    expect(changeSummary(stocked, { pricePerUnit: '12.00', availableQuantity: '8.000' })).toBe('Price $10.00 → $12.00, stock 5 → 8');
  });

  it('names every field it changes, a cleared value as none, and a description only as changed', () => {
    expect(
      changeSummary(stocked, {
        strainName: 'Kush Mints',
        category: 'vape',
        pricePerUnit: null,
        availableQuantity: '1250.500',
        unitType: 'g',
        lotSize: 3,
        sku: null,
        description: 'A long text',
      }),
    ).toBe('Name Kush → Kush Mints, category Flower → Vape, price $10.00 → none, stock 5 → 1250.5, unit unit → g, lot size 1 → 3, SKU K-1 → none, description changed');
  });

  it('says a potency that became below detection, or was measured, as ND', () => {
    expect(changeSummary(stocked, { thcPercentage: null, thcBelowDetection: true })).toBe('THC 20.00% → ND');
    expect(changeSummary(productFixture({ cbdBelowDetection: true }), { cbdPercentage: '0.30', cbdBelowDetection: false })).toBe('CBD ND → 0.30%');
    expect(changeSummary(productFixture(), { cbdPercentage: '1.00' })).toBe('CBD none → 1.00%');
  });
});

describe('planImport with lab results', () => {
  it('updates a potency the file now calls below detection, and leaves one alone that it still does', () => {
    const measured = productFixture({ id: '10000000-0000-4000-8000-000000000003', strainName: 'Measured', sku: 'M-1', thcPercentage: '0.30' });
    const notDetected = productFixture({ id: '10000000-0000-4000-8000-000000000004', strainName: 'Not Detected', sku: 'N-1', thcBelowDetection: true });
    const result = planImport(parseProductCsv('SKU,Name,THC\nM-1,Measured,<LOQ\nN-1,Not Detected,ND\n'), [measured, notDetected]);
    expect(result).toMatchObject({ updates: 1, unchanged: 1 });
    expect(result.steps[0]).toMatchObject({ kind: 'update', changes: { thcPercentage: null, thcBelowDetection: true } });
  });
});
