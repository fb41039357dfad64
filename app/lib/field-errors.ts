/**
 * Field errors of a form, shown after a failed submit. While the person
 * edits, a shown error stays only as long as the field is still wrong, so a
 * message goes the moment the field is fixed; no new error appears before
 * the next submit. A failed submit moves focus to the first field in error.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { FieldErrors } from '../../sync/contract/errors';
import { validate } from '../../sync/contract/validation';

/** Of the errors shown, those the current values still have (with their current wording). */
export function stillFailing(shown: FieldErrors, current: FieldErrors): FieldErrors {
  const kept: FieldErrors = {};
  for (const field of Object.keys(shown)) {
    const message = current[field];
    if (message) kept[field] = message;
  }
  return kept;
}

/** `E`: the element that holds the form's fields (a `<form>`, or a page section where there is none). */
export function useFieldErrors<E extends HTMLElement = HTMLFormElement>() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<E>(null);
  const [failedSubmits, setFailedSubmits] = useState(0);

  useEffect(() => {
    if (failedSubmits > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedSubmits]);

  /** After a failed submit: show every error and focus the first field in error. */
  const fail = useCallback((fieldErrors: FieldErrors) => {
    setErrors(fieldErrors);
    setFailedSubmits((count) => count + 1);
  }, []);

  /** After an edit: the errors of the values now in the form. */
  const recheck = useCallback((current: FieldErrors) => setErrors((shown) => (Object.keys(shown).length === 0 ? shown : stillFailing(shown, current))), []);

  const clear = useCallback(() => setErrors({}), []);

  return { errors, formRef, fail, recheck, clear };
}

/**
 * A form of text boxes that one schema checks: its values, the errors shown,
 * and `checkedValues()` for a submit, which shows what is wrong instead when
 * the values do not pass.
 */
export function useCheckedFields<Values extends Record<string, string>, Output>(schema: z.ZodType<Output, Values>, initial: Values) {
  const [values, setValues] = useState(initial);
  const { errors, formRef, fail, recheck, clear } = useFieldErrors();

  function set(field: keyof Values, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    const checked = validate(schema, next);
    recheck(checked.ok ? {} : checked.fieldErrors);
  }

  function checkedValues(): Output | null {
    const checked = validate(schema, values);
    if (checked.ok) return checked.data;
    fail(checked.fieldErrors);
    return null;
  }

  function reset() {
    setValues(initial);
    clear();
  }

  return { values, set, errors, formRef, fail, checkedValues, reset };
}
