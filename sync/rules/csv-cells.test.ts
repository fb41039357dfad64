import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvFile, guardFormula } from './csv-cells';

describe('csvFile', () => {
  it('quotes every cell a spreadsheet could split: semicolons, tabs and line breaks as well as commas and quotes', () => {
    const text = csvFile(
      ['name', 'note'],
      [
        ['Green; Leaf', 'a\tb'],
        ['two\nlines', 'carriage\rreturn'],
        ['Plain', 'x, "y"'],
      ],
    );
    expect(text).toBe('name,note\r\n"Green; Leaf","a\tb"\r\n"two\nlines","carriage\rreturn"\r\nPlain,"x, ""y"""\r\n');
    expect(Papa.parse<string[]>(text.trimEnd()).data).toEqual([
      ['name', 'note'],
      ['Green; Leaf', 'a\tb'],
      ['two\nlines', 'carriage\rreturn'],
      ['Plain', 'x, "y"'],
    ]);
  });

  it('keeps cells that would run as formulas inert, and quotes the guarded cell when it needs quoting', () => {
    const text = csvFile(['cell'], [['=1+1'], ['@SUM(A1)'], ['+cmd|calc'], ['\t=cmd'], ['=x;y'], ['-0'], ['+12.5'], ['+1 (555) 010-0100']]);
    expect(text.split('\r\n')).toEqual(['cell', "'=1+1", "'@SUM(A1)", "'+cmd|calc", `"'\t=cmd"`, `"'=x;y"`, '-0', '+12.5', '+1 (555) 010-0100', '']);
  });

  it('is the header alone, line ended, when there are no rows', () => {
    expect(csvFile(['a', 'b'], [])).toBe('a,b\r\n');
  });
});

describe('guardFormula', () => {
  it('leaves signed numbers and phone numbers alone, never an equals or at sign', () => {
    expect(['-5 days cured', '=12', '@1', '\tx', '\r=1'].map(guardFormula)).toEqual(["'-5 days cured", "'=12", "'@1", "'\tx", "'\r=1"]);
    expect(['-1', '+12.5', '+1 (555) 010-0100', 'Blue Dream'].map(guardFormula)).toEqual(['-1', '+12.5', '+1 (555) 010-0100', 'Blue Dream']);
  });
});
