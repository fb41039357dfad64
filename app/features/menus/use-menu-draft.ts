/**
 * The menu the builder holds before it is saved: its settings and its
 * products in order, whether they differ from the saved menu, and the fields
 * a save sends, checked, with the errors the settings card shows.
 */
import { useEffect, useMemo, useState } from 'react';
import { menuFieldsSchema, type Menu } from '../../../sync/entities/menu';
import type { Product } from '../../../sync/entities/product';
import type { FieldErrors } from '../../../sync/contract/errors';
import { validate } from '../../../sync/contract/validation';
import { useFieldErrors } from '../../lib/field-errors';
import { fromLocalInput, toLocalInput } from './link-expiry';

/** The settings card's values, the expiry as its field shows it. */
export type MenuSettings = { name: string; description: string; isPublic: boolean; expiresInput: string; priceListId: string };

/** What the builder keeps on the device while the menu is not saved (app/lib/drafts.ts). */
export type KeptMenuDraft = { settings: MenuSettings; productIds: string[] };

const settingsOf = (menu: Menu | null): MenuSettings => ({
  name: menu?.name ?? '',
  description: menu?.description ?? '',
  isPublic: menu?.isPublic ?? false,
  expiresInput: toLocalInput(menu?.linkExpiresAt),
  priceListId: menu?.priceListId ?? '',
});

export function useMenuDraft(initial: Menu | null, products: Product[]) {
  const [settings, setSettings] = useState<MenuSettings>(() => settingsOf(initial));
  const [productIds, setProductIds] = useState<string[]>(initial?.productIds ?? []);
  const { errors, formRef: settingsRef, fail, recheck, clear } = useFieldErrors<HTMLDivElement>();

  const byId = useMemo(() => new Map(products.map((product) => [product.id, product])), [products]);
  const chosen = productIds.flatMap((id) => byId.get(id) ?? []);
  const { name, description, isPublic, expiresInput, priceListId } = settings;
  // Compared as the field shows it (to the minute), so an expiry set elsewhere with seconds does not read as an edit.
  const expiryChanged = expiresInput !== toLocalInput(initial?.linkExpiresAt);
  // Sent only when chosen here: a rep, who may not choose it, can still save the menu's other changes.
  const priceListChanged = priceListId !== (initial?.priceListId ?? '');
  const dirty =
    initial !== null &&
    (name !== initial.name ||
      (description || null) !== (initial.description || null) ||
      isPublic !== initial.isPublic ||
      expiryChanged ||
      priceListChanged ||
      productIds.join() !== initial.productIds.join());

  const fields = {
    name,
    description,
    isPublic,
    ...(expiryChanged && { linkExpiresAt: fromLocalInput(expiresInput) }),
    ...(priceListChanged && { priceListId: priceListId || null }),
    productIds: chosen.map((product) => product.id),
  };
  const checked = validate(menuFieldsSchema, fields);
  // An error shown goes as soon as its field is right (compared as text: `checked` is new on every render).
  const currentErrors = JSON.stringify(checked.ok ? {} : checked.fieldErrors);
  useEffect(() => recheck(JSON.parse(currentErrors) as FieldErrors), [recheck, currentErrors]);

  const changeSettings = (changes: Partial<MenuSettings>) => setSettings((current) => ({ ...current, ...changes }));
  /** Takes back a draft kept on the device, or (with none) goes back to the menu as saved. */
  const restore = (draft: KeptMenuDraft | null) => {
    setSettings(draft?.settings ?? settingsOf(initial));
    setProductIds(draft?.productIds ?? initial?.productIds ?? []);
  };

  return { settings, changeSettings, productIds, setProductIds, chosen, dirty, fields, checked, errors, settingsRef, fail, clear, restore };
}
