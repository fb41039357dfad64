import { describe, expect, it } from 'vitest';
import { readCsvTable, type CsvTable } from './csv-table';
import { choicesFor, choiceSummary, mapImport, NO_CHOICES, NO_STRAIN_NAME, questionLabel, rememberedAfter, withChoice, type ImportChoices } from './product-csv-mapping';

function table(csv: string): CsvTable {
  const read = readCsvTable(csv);
  if ('error' in read) throw new Error(read.error);
  return read;
}

const choices = (given: Partial<{ [K in keyof ImportChoices]: Record<string, string> }>): ImportChoices =>
  ({
    columns: new Map(Object.entries(given.columns ?? {})),
    categories: new Map(Object.entries(given.categories ?? {})),
    units: new Map(Object.entries(given.units ?? {})),
  }) as ImportChoices;

describe('mapImport: the columns', () => {
  it('reads sure names without asking, and asks about a column it has no name for, with its first values', () => {
    const mapping = mapImport(table('Product Name,Qty,Brand\nA,1,Acme\nB,2,Acme\nC,3,Green Co\nD,4,Hill\n'), NO_CHOICES);
    expect([...mapping.layout.sources]).toEqual([
      ['strainName', 0],
      ['availableQuantity', 1],
    ]);
    expect(mapping.columnQuestions).toEqual([{ index: 2, header: 'Brand', key: 'brand', reason: 'unknown', samples: ['Acme', 'Green Co', 'Hill'], suggestion: 'leaveOut' }]);
    expect(mapping.unanswered).toBe(1);
    expect(mapping.layout.leftOut).toEqual(['Brand']);
    expect(mapping.problems).toEqual([]);
  });

  it('asks about a strain type column, suggesting the description, and offers only the description or leaving it out', () => {
    const mapping = mapImport(table('Name,Strain Type\nA,Indica\n'), NO_CHOICES);
    const [question] = mapping.columnQuestions;
    expect(question).toMatchObject({ header: 'Strain Type', reason: 'strainType', suggestion: 'addToDescription' });
    expect(choicesFor(question!)).toEqual([
      { value: 'addToDescription', label: 'Add to the description' },
      { value: 'leaveOut', label: 'Leave out' },
    ]);
    expect(mapping.layout.addedToDescription).toEqual([1]);
  });

  it('takes a "Type" column holding only indica, sativa and hybrid for a strain type, not the category', () => {
    const strainTypes = mapImport(table('Name,Type\nA,Indica\nB,Sativa-dominant hybrid\nC,\n'), NO_CHOICES);
    expect(strainTypes.layout.sources.has('category')).toBe(false);
    expect(strainTypes.columnQuestions).toMatchObject([{ header: 'Type', reason: 'strainType' }]);

    const categories = mapImport(table('Name,Type\nA,Indica\nB,Vape\n'), NO_CHOICES);
    expect(categories.layout.sources.get('category')).toBe(1);
    expect(categories.columnQuestions).toEqual([]);
  });

  it('asks about a second column for a field another column already gives, suggesting to leave it out', () => {
    const mapping = mapImport(table('Name,Product,SKU\nA,Alpha,1\n'), NO_CHOICES);
    expect(mapping.layout.sources.get('strainName')).toBe(0);
    expect(mapping.columnQuestions).toMatchObject([{ header: 'Product', reason: 'repeated', repeats: 'strainName', suggestion: 'leaveOut' }]);
  });

  it('offers every field, the description and leaving out for a column with no name it knows', () => {
    const [question] = mapImport(table('Name,Cost\nA,1\n'), NO_CHOICES).columnQuestions;
    expect(choicesFor(question!).map((option) => option.value)).toEqual([
      'leaveOut',
      'addToDescription',
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
    ]);
  });

  it('reads a column as the seller chose, and names a clash of two columns for one field until it is resolved', () => {
    const csv = table('Name,Cost,Price\nA,1,2\n');
    const asPrice = mapImport(csv, choices({ columns: { cost: 'pricePerUnit' } }));
    expect(asPrice.problems).toEqual(['Price comes from two columns, "Price" and "Cost": choose one.']);
    expect(asPrice.layout.sources.get('pricePerUnit')).toBe(2);

    const asStock = mapImport(csv, choices({ columns: { cost: 'availableQuantity' } }));
    expect(asStock.problems).toEqual([]);
    expect(asStock.layout.sources.get('availableQuantity')).toBe(1);
  });

  it('says when no column gives the strain name, and lets the seller choose one', () => {
    const csv = table('Label,Qty\nKush,3\n');
    expect(mapImport(csv, NO_CHOICES).problems).toEqual([NO_STRAIN_NAME]);
    const chosen = mapImport(csv, choices({ columns: { label: 'strainName' } }));
    expect(chosen.problems).toEqual([]);
    expect(chosen.layout.sources.get('strainName')).toBe(0);
  });

  it('leaves a column with no header out without asking', () => {
    expect(mapImport(table('Name,,Qty\nA,x,1\n'), NO_CHOICES).columnQuestions).toEqual([]);
  });
});

describe('mapImport: the values', () => {
  const csv = table(
    [
      'Name,Category,UOM',
      'A,Tincture,Eighth',
      'B,Moon Rocks,EA',
      'C,Vape Cartridge,eighth',
      'D,moon rocks,Case',
      'E,tinctures,3.5g',
      'F,,',
      'G,Indica,1 lb',
      '"H,Moon Rocks,Case',
    ].join('\n'),
  );

  it('asks once about each category and unit with no sure match, counting its rows, with a guess where there is one', () => {
    const mapping = mapImport(csv, NO_CHOICES);
    expect(mapping.valueQuestions.map(({ field, value, key, rows, suggestion }) => [field, value, key, rows, suggestion])).toEqual([
      ['category', 'Tincture', 'tincture', 1, 'edible'],
      ['category', 'Moon Rocks', 'moonrocks', 2, 'skipRows'],
      ['category', 'tinctures', 'tinctures', 1, 'edible'],
      ['category', 'Indica', 'indica', 1, 'skipRows'],
      ['unitType', 'Eighth', 'eighth', 2, 'unit'],
      ['unitType', 'Case', 'case', 1, 'skipRows'],
      ['unitType', '3.5g', '35g', 1, 'unit'],
      ['unitType', '1 lb', '1lb', 1, 'lb'],
    ]);
    expect(mapping.unanswered).toBe(8);
    expect(mapping.choices.units.get('eighth')).toBe('unit');
  });

  it('offers the six categories or the four units, and skipping the rows', () => {
    const [tincture] = mapImport(csv, NO_CHOICES).valueQuestions;
    expect(choicesFor(tincture!).map((option) => option.label)).toEqual(['Flower', 'Pre-roll', 'Concentrate', 'Edible', 'Vape', 'Topical', 'Skip this row']);
    const eighth = mapImport(csv, NO_CHOICES).valueQuestions.find((question) => question.key === 'eighth')!;
    expect(choicesFor(eighth).map((option) => option.label)).toEqual(['lb (pound)', 'oz (ounce)', 'g (gram)', 'unit (each)', 'Skip these rows']);
  });

  it('asks nothing more once every question has a remembered answer, and reads with those answers', () => {
    const first = mapImport(csv, NO_CHOICES);
    const answered = withChoice(withChoice(first.choices, first.valueQuestions[1]!, 'flower'), first.valueQuestions[4]!, 'oz');
    const remembered = rememberedAfter(NO_CHOICES, mapImport(csv, answered));
    const again = mapImport(csv, remembered);
    expect(again.unanswered).toBe(0);
    expect(again.choices.categories.get('moonrocks')).toBe('flower');
    expect(again.choices.units.get('eighth')).toBe('oz');
  });

  it('asks about the values of a column only once it is read as the category or the unit', () => {
    const csv = table('Name,Kind\nA,Moon Rocks\n');
    expect(mapImport(csv, NO_CHOICES).valueQuestions).toEqual([]);
    expect(mapImport(csv, choices({ columns: { kind: 'category' } })).valueQuestions).toMatchObject([{ field: 'category', value: 'Moon Rocks' }]);
  });
});

describe('withChoice', () => {
  it('changes the one answer, and ignores an answer the question does not offer', () => {
    const mapping = mapImport(table('Name,Strain Type,Category\nA,Indica,Moon Rocks\n'), NO_CHOICES);
    const [strainType] = mapping.columnQuestions;
    const [moonRocks] = mapping.valueQuestions;
    expect(withChoice(mapping.choices, strainType!, 'leaveOut').columns.get('straintype')).toBe('leaveOut');
    expect(withChoice(mapping.choices, strainType!, 'pricePerUnit')).toBe(mapping.choices);
    expect(withChoice(mapping.choices, moonRocks!, 'flower').categories.get('moonrocks')).toBe('flower');
    expect(withChoice(mapping.choices, moonRocks!, 'oz')).toBe(mapping.choices);
  });
});

describe('rememberedAfter', () => {
  it("keeps earlier answers for other files, with this file's answers over them", () => {
    const earlier = choices({ columns: { brand: 'leaveOut', vendor: 'addToDescription' }, units: { case: 'skipRows' } });
    const mapping = mapImport(table('Name,Brand\nA,Acme\n'), choices({ columns: { brand: 'addToDescription' } }));
    const remembered = rememberedAfter(earlier, mapping);
    expect(Object.fromEntries(remembered.columns)).toEqual({ brand: 'addToDescription', vendor: 'addToDescription' });
    expect(Object.fromEntries(remembered.units)).toEqual({ case: 'skipRows' });
  });
});

describe('choiceSummary and questionLabel', () => {
  it('says each answer in words, columns first', () => {
    const mapping = mapImport(
      table('Name,Brand,Strain Type,Category,UOM\nA,Acme,Indica,Moon Rocks,Eighth\n'),
      choices({ columns: { brand: 'addToDescription', straintype: 'leaveOut' } }),
    );
    expect(choiceSummary(mapping)).toEqual([
      'Column "Brand": Add to the description',
      'Column "Strain Type": Leave out',
      'Category "Moon Rocks": Skip this row',
      'Unit "Eighth": unit (each)',
    ]);
    expect(mapping.valueQuestions.map(questionLabel)).toEqual(['Category "Moon Rocks"', 'Unit "Eighth"']);
  });
});
