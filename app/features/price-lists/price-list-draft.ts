/**
 * The price list grid's rows as typed: text boxes per product, turned into the list's entries for `priceList.save`
 * only when Save is pressed. A row with nothing set is no entry: the product keeps its list price.
 */
import type { FieldErrors } from '../../../sync/contract/errors';
import type { PriceListEntry, PriceListSaveInput } from '../../../sync/entities/price-list';
import { breaksToText, textToBreaks } from '../../lib/csv/price-list-csv';

export type RowDraft = { price: string; percentOff: string; hidden: boolean; minQuantity: string; increment: string; breaks: string };

export const EMPTY_DRAFT: RowDraft = { price: '', percentOff: '', hidden: false, minQuantity: '', increment: '', breaks: '' };

const trimZeros = (value: string | null) => (value === null ? '' : value.includes('.') ? value.replace(/\.?0+$/, '') : value);

export function draftOf(entry: PriceListEntry | undefined): RowDraft {
  if (!entry) return EMPTY_DRAFT;
  return {
    price: entry.price ?? '',
    percentOff: entry.percentOff ?? '',
    hidden: entry.hidden,
    minQuantity: trimZeros(entry.minQuantity),
    increment: trimZeros(entry.increment),
    breaks: breaksToText(entry.breaks),
  };
}

export function isEmptyDraft(draft: RowDraft): boolean {
  return !draft.hidden && [draft.price, draft.percentOff, draft.minQuantity, draft.increment, draft.breaks].every((value) => value.trim() === '');
}

type EntryInput = NonNullable<PriceListSaveInput['entries']>[number];

/** The entries the drafts make, in catalogue order, and the rows whose breaks box cannot be read. */
export function entriesFromDrafts(productIds: readonly string[], drafts: ReadonlyMap<string, RowDraft>): { entries: EntryInput[]; problems: Map<string, string> } {
  const problems = new Map<string, string>();
  const entries = productIds.flatMap((productId) => {
    const draft = drafts.get(productId);
    if (!draft || isEmptyDraft(draft)) return [];
    const breaks = textToBreaks(draft.breaks);
    if (!breaks) problems.set(productId, BREAKS_HINT);
    return [
      { productId, price: draft.price, percentOff: draft.percentOff, hidden: draft.hidden, minQuantity: draft.minQuantity, increment: draft.increment, breaks: breaks ?? [] },
    ];
  });
  return { entries, problems };
}

const BREAKS_HINT = 'Write breaks as quantity@price, separated by ; (10@1000; 25@950)';

/** `entries.3.price: Price must be …` → the message by product id, for the row to show. */
export function rowErrors(entries: readonly EntryInput[], fieldErrors: FieldErrors): Map<string, string> {
  const byProduct = new Map<string, string>();
  for (const [path, message] of Object.entries(fieldErrors)) {
    const match = /^entries\.(\d+)(?:\.(\w+))?/.exec(path);
    const entry = match ? entries[Number(match[1])] : undefined;
    if (!entry) continue;
    const text = match?.[2] === 'breaks' && !message.startsWith('Break') ? `${message}: ${BREAKS_HINT}` : message;
    byProduct.set(entry.productId, byProduct.has(entry.productId) ? `${byProduct.get(entry.productId)}; ${text}` : text);
  }
  return byProduct;
}
