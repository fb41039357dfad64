/**
 * The mapping step: before anything is read into products, the seller says
 * what each column and value with no sure match is (product-csv-mapping.ts).
 * Each choice reads the file again at once, so a clash (two columns for the
 * price) shows before Continue; the answers are remembered for the next file.
 */
import { useId, useMemo, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Select } from '../../components/ui/form-controls';
import type { CsvTable } from './csv-table';
import { choicesFor, mapImport, questionLabel, withChoice, type ColumnQuestion, type ImportChoices, type ImportMapping, type ValueQuestion } from './product-csv-mapping';
import { COLUMN_LABELS } from './product-csv-vocabulary';

/** What helps the seller recognise a question: a column's first values, or how many rows hold a value. */
function questionHint(question: ColumnQuestion | ValueQuestion): string {
  if ('index' in question) {
    const values = question.samples.length > 0 ? `Values such as ${question.samples.join(', ')}` : 'No values';
    if (question.reason === 'strainType') return `${values}. Indica, sativa or hybrid is not a category: add it to the description or leave it out.`;
    if (question.repeats) return `${values}. Another column already gives the ${COLUMN_LABELS[question.repeats].toLowerCase()}.`;
    return `${values}.`;
  }
  return `${question.rows} ${question.rows === 1 ? 'row' : 'rows'}.`;
}

function Question({ question, choice, onChoose }: { question: ColumnQuestion | ValueQuestion; choice: string; onChoose: (choice: string) => void }) {
  const id = useId();
  return (
    <li className="grid gap-1 sm:grid-cols-2 sm:items-start sm:gap-3">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium break-words text-stone-900">
          {questionLabel(question)}
        </label>
        <p id={`${id}-hint`} className="text-xs break-words text-stone-600">
          {questionHint(question)}
        </p>
      </div>
      <Select id={id} aria-describedby={`${id}-hint`} value={choice} onChange={(event) => onChoose(event.target.value)}>
        {choicesFor(question).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </li>
  );
}

export function ImportMappingStep({
  table,
  initial,
  onCancel,
  onContinue,
}: {
  table: CsvTable;
  /** The answers to start from: remembered, else suggested. */
  initial: ImportChoices;
  onCancel: () => void;
  onContinue: (mapping: ImportMapping) => void;
}) {
  const [choices, setChoices] = useState(initial);
  const mapping = useMemo(() => mapImport(table, choices), [table, choices]);
  const choose = (question: ColumnQuestion | ValueQuestion) => (choice: string) => setChoices(withChoice(mapping.choices, question, choice));
  const valueChoices = (question: ValueQuestion) => (question.field === 'category' ? mapping.choices.categories : mapping.choices.units).get(question.key);

  return (
    <section aria-label="Match the file to your catalogue" className="grid gap-3">
      <p className="text-sm text-stone-700">
        Some of the file&apos;s columns or values have no sure match in your catalogue. Choose what each one is; nothing is saved until you import, and your choices are remembered
        for the next file.
      </p>
      {mapping.columnQuestions.length > 0 && (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold text-stone-900">Columns</h3>
          <ul className="grid gap-3">
            {mapping.columnQuestions.map((question) => (
              <Question key={question.index} question={question} choice={mapping.choices.columns.get(question.key) ?? question.suggestion} onChoose={choose(question)} />
            ))}
          </ul>
        </div>
      )}
      {mapping.valueQuestions.length > 0 && (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold text-stone-900">Values</h3>
          <ul className="grid gap-3">
            {mapping.valueQuestions.map((question) => (
              <Question key={`${question.field}:${question.key}`} question={question} choice={valueChoices(question) ?? question.suggestion} onChoose={choose(question)} />
            ))}
          </ul>
        </div>
      )}
      {mapping.problems.length > 0 && (
        <ul role="alert" className="grid gap-1 rounded-md bg-red-50 p-2 text-sm text-red-800">
          {mapping.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button disabled={mapping.problems.length > 0} onClick={() => onContinue(mapping)}>
          Continue
        </Button>
      </div>
    </section>
  );
}
