/**
 * How a file's columns and values become the catalogue's, decided before
 * anything is written. A header or a value with a sure match
 * (product-csv-vocabulary.ts) is read without asking. Every other one is a
 * question for the mapping step: a column the catalogue has no name for, a
 * strain type (not a category: into the description, or left out), a second
 * column for a field another already gives, a category or unit value with no
 * sure match. Each question has a suggestion; the seller's answer, once given,
 * is remembered for the next file (product-import-choices.ts).
 */
import { CATEGORY_LABELS, PRODUCT_CATEGORIES, UNIT_TYPES, type ProductCategory, type UnitType } from '../../../sync/contract/constants';
import { headerKey } from '../../../sync/rules/csv-cells';
import type { CsvTable } from './csv-table';
import {
  categoryGuess,
  categoryNamed,
  columnNamed,
  COLUMN_LABELS,
  CSV_FIELD_COLUMNS,
  isStrainType,
  isStrainTypeHeader,
  unitGuess,
  unitNamed,
  type CsvColumn,
  type CsvFieldColumn,
} from './product-csv-vocabulary';

export type ColumnChoice = CsvFieldColumn | 'addToDescription' | 'leaveOut';
export type CategoryChoice = ProductCategory | 'skipRows';
export type UnitChoice = UnitType | 'skipRows';

/** The seller's answers, by the key of the header or value they answer (`headerKey`), so "EA" and "ea" share one. */
export type ImportChoices = {
  columns: ReadonlyMap<string, ColumnChoice>;
  categories: ReadonlyMap<string, CategoryChoice>;
  units: ReadonlyMap<string, UnitChoice>;
};

export const NO_CHOICES: ImportChoices = { columns: new Map(), categories: new Map(), units: new Map() };

export type ColumnQuestion = {
  /** The header's place in the file. */
  index: number;
  header: string;
  key: string;
  /** Why it is asked: no sure match, a strain type, or a second column for `repeats`. */
  reason: 'unknown' | 'strainType' | 'repeated';
  repeats?: CsvColumn;
  /** The first few values of the column, for the seller to recognise it. */
  samples: string[];
  suggestion: ColumnChoice;
};

export type ValueQuestion =
  | { field: 'category'; value: string; key: string; rows: number; suggestion: CategoryChoice }
  | { field: 'unitType'; value: string; key: string; rows: number; suggestion: UnitChoice };

export type ColumnLayout = {
  /** The header each column is read from, by its place in the file. */
  sources: ReadonlyMap<CsvColumn, number>;
  /** The headers whose cells are added to the description as "Header: value", by place. */
  addedToDescription: number[];
  /** The headers left out, as the file writes them. */
  leftOut: string[];
  /** Two headers chosen for one column, said so the seller can choose one. */
  conflicts: string[];
};

export type ImportMapping = {
  columnQuestions: ColumnQuestion[];
  valueQuestions: ValueQuestion[];
  /** An answer to every question: the seller's (given now or remembered), else the suggestion. */
  choices: ImportChoices;
  layout: ColumnLayout;
  /** Questions the seller has never answered: the mapping step asks them before the preview. */
  unanswered: number;
  /** What keeps the rows from being read until the seller changes a choice. */
  problems: string[];
};

export const NO_STRAIN_NAME = "Choose the column that holds each product's strain name.";
const SAMPLES = 3;

/** The first few distinct values of a column. */
function samplesOf(table: CsvTable, index: number): string[] {
  const seen = new Set<string>();
  for (const record of table.records) {
    const value = record.cells[index]?.trim() ?? '';
    if (value) seen.add(value);
    if (seen.size === SAMPLES) break;
  }
  return [...seen];
}

/** A column holding strain types only ("Indica", "Hybrid"), whatever its header says. */
function holdsStrainTypes(table: CsvTable, index: number): boolean {
  const values = table.records.map((record) => record.cells[index]?.trim() ?? '').filter(Boolean);
  return values.length > 0 && values.every(isStrainType);
}

/** The headers read without asking, and a question for each of the others. */
function askColumns(table: CsvTable): { sure: Map<CsvColumn, number>; questions: ColumnQuestion[] } {
  const sure = new Map<CsvColumn, number>();
  const questions: ColumnQuestion[] = [];
  table.headers.forEach((header, index) => {
    if (header === '') return;
    const column = columnNamed(header);
    const question = { index, header, key: headerKey(header), samples: samplesOf(table, index) };
    if (isStrainTypeHeader(header) || (column === 'category' && holdsStrainTypes(table, index))) {
      questions.push({ ...question, reason: 'strainType', suggestion: 'addToDescription' });
    } else if (column && !sure.has(column)) {
      sure.set(column, index);
    } else if (column) {
      questions.push({ ...question, reason: 'repeated', repeats: column, suggestion: 'leaveOut' });
    } else {
      questions.push({ ...question, reason: 'unknown', suggestion: 'leaveOut' });
    }
  });
  return { sure, questions };
}

function layOut(table: CsvTable, sure: ReadonlyMap<CsvColumn, number>, questions: readonly ColumnQuestion[], choices: ReadonlyMap<string, ColumnChoice>): ColumnLayout {
  const sources = new Map(sure);
  const layout: ColumnLayout = { sources, addedToDescription: [], leftOut: [], conflicts: [] };
  for (const question of questions) {
    const choice = choices.get(question.key) ?? question.suggestion;
    if (choice === 'addToDescription') layout.addedToDescription.push(question.index);
    else if (choice === 'leaveOut') layout.leftOut.push(question.header);
    else {
      const taken = sources.get(choice);
      if (taken === undefined) sources.set(choice, question.index);
      else layout.conflicts.push(`${COLUMN_LABELS[choice]} comes from two columns, "${table.headers[taken]}" and "${question.header}": choose one.`);
    }
  }
  return layout;
}

/** A question for each category or unit value with no sure match, with how many rows hold it. */
function askValues(table: CsvTable, layout: ColumnLayout): ValueQuestion[] {
  const questions = new Map<string, ValueQuestion>();
  const ask = (field: 'category' | 'unitType') => {
    const index = layout.sources.get(field);
    if (index === undefined) return;
    for (const record of table.records) {
      if (record.error) continue;
      const value = record.cells[index]?.trim() ?? '';
      const key = headerKey(value);
      if (key === '' || (field === 'category' ? categoryNamed(value) : unitNamed(value))) continue;
      const asked = questions.get(`${field}:${key}`);
      if (asked) asked.rows += 1;
      else if (field === 'category') questions.set(`category:${key}`, { field, value, key, rows: 1, suggestion: categoryGuess(value) ?? 'skipRows' });
      else questions.set(`unitType:${key}`, { field, value, key, rows: 1, suggestion: unitGuess(value) ?? 'skipRows' });
    }
  };
  ask('category');
  ask('unitType');
  return [...questions.values()];
}

/** What the mapping step asks of this file, and how the file reads with the answers `given` (the rest suggested). */
export function mapImport(table: CsvTable, given: ImportChoices): ImportMapping {
  const { sure, questions: columnQuestions } = askColumns(table);
  const layout = layOut(table, sure, columnQuestions, given.columns);
  const valueQuestions = askValues(table, layout);
  const columns = new Map(columnQuestions.map((question) => [question.key, given.columns.get(question.key) ?? question.suggestion]));
  const categories = new Map<string, CategoryChoice>();
  const units = new Map<string, UnitChoice>();
  for (const question of valueQuestions) {
    if (question.field === 'category') categories.set(question.key, given.categories.get(question.key) ?? question.suggestion);
    else units.set(question.key, given.units.get(question.key) ?? question.suggestion);
  }
  const unanswered =
    columnQuestions.filter((question) => !given.columns.has(question.key)).length +
    valueQuestions.filter((question) => !(question.field === 'category' ? given.categories : given.units).has(question.key)).length;
  const problems = [...layout.conflicts, ...(layout.sources.has('strainName') ? [] : [NO_STRAIN_NAME])];
  return { columnQuestions, valueQuestions, choices: { columns, categories, units }, layout, unanswered, problems };
}

/** What to remember after the seller confirms a mapping: the earlier answers, with this file's answers over them. */
export function rememberedAfter(earlier: ImportChoices, mapping: ImportMapping): ImportChoices {
  return {
    columns: new Map([...earlier.columns, ...mapping.choices.columns]),
    categories: new Map([...earlier.categories, ...mapping.choices.categories]),
    units: new Map([...earlier.units, ...mapping.choices.units]),
  };
}

/** `choices` with one answer changed, for the mapping step to read the file again with it; an answer the question does not offer changes nothing. */
export function withChoice(choices: ImportChoices, question: ColumnQuestion | ValueQuestion, choice: string): ImportChoices {
  // Checked against the offered answers, so the casts below only name what was offered.
  if (!choicesFor(question).some((option) => option.value === choice)) return choices;
  if ('index' in question) return { ...choices, columns: new Map([...choices.columns, [question.key, choice as ColumnChoice]]) };
  if (question.field === 'category') return { ...choices, categories: new Map([...choices.categories, [question.key, choice as CategoryChoice]]) };
  return { ...choices, units: new Map([...choices.units, [question.key, choice as UnitChoice]]) };
}

const UNIT_LABELS: Record<UnitType, string> = { lb: 'lb (pound)', oz: 'oz (ounce)', g: 'g (gram)', unit: 'unit (each)' };
const COLUMN_CHOICE_LABELS: Record<ColumnChoice, string> = { ...COLUMN_LABELS, addToDescription: 'Add to the description', leaveOut: 'Leave out' };

/** The answers the mapping step offers for a question, in order, each with the words it shows. */
export function choicesFor(question: ColumnQuestion | ValueQuestion): { value: string; label: string }[] {
  const option = (value: string, label: string) => ({ value, label });
  if ('index' in question) {
    // A strain type is no product field: it goes into the description or nowhere.
    const columns: ColumnChoice[] = question.reason === 'strainType' ? ['addToDescription', 'leaveOut'] : ['leaveOut', 'addToDescription', ...CSV_FIELD_COLUMNS];
    return columns.map((choice) => option(choice, COLUMN_CHOICE_LABELS[choice]));
  }
  const skip = option('skipRows', question.rows === 1 ? 'Skip this row' : 'Skip these rows');
  if (question.field === 'category') return [...PRODUCT_CATEGORIES.map((category) => option(category, CATEGORY_LABELS[category])), skip];
  return [...UNIT_TYPES.map((unit) => option(unit, UNIT_LABELS[unit])), skip];
}

/** How the mapping step names a question: 'Column "Brand"', 'Category "Tincture"', 'Unit "Eighth"'. */
export function questionLabel(question: ColumnQuestion | ValueQuestion): string {
  if ('index' in question) return `Column "${question.header}"`;
  return `${question.field === 'category' ? 'Category' : 'Unit'} "${question.value}"`;
}

/** The mapping's answers in words, for the preview: 'Column "Brand": Add to the description'. */
export function choiceSummary(mapping: ImportMapping): string[] {
  const { columns, categories, units } = mapping.choices;
  const answer = (question: ColumnQuestion | ValueQuestion, choice: string | undefined) =>
    `${questionLabel(question)}: ${choicesFor(question).find((option) => option.value === choice)?.label ?? COLUMN_CHOICE_LABELS.leaveOut}`;
  return [
    ...mapping.columnQuestions.map((question) => answer(question, columns.get(question.key))),
    ...mapping.valueQuestions.map((question) => answer(question, (question.field === 'category' ? categories : units).get(question.key))),
  ];
}
