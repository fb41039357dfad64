/**
 * What the product form holds, as typed: from a product being edited, from a
 * new product the server refused (kept on the device, to edit and send again),
 * or empty; and the fields the product schemas check, from it.
 */
import type { Product } from '../../../sync/entities/product';
import type { KeptProduct } from './kept-products';
import { plainDecimal } from './product-changes';

export type ProductForm = {
  strainName: string;
  sku: string;
  description: string;
  category: string;
  thcPercentage: string;
  cbdPercentage: string;
  pricePerUnit: string;
  unitType: string;
  availableQuantity: string;
  lotSize: string;
  selectedMenus: string[];
  photoIds: string[];
  labResultId: string | null;
};

/** What a draft of the form keeps on the device: the typed text, not the photos and lab result the upload queue keeps. */
export type KeptProductText = Omit<ProductForm, 'photoIds' | 'labResultId'>;

export function textOf(form: ProductForm): KeptProductText {
  const { photoIds: _photos, labResultId: _labResult, ...text } = form;
  return text;
}

export function formFrom(product: Product | null): ProductForm {
  return {
    strainName: product?.strainName ?? '',
    sku: product?.sku ?? '',
    description: product?.description ?? '',
    category: product?.category ?? 'flower',
    thcPercentage: plainDecimal(product?.thcPercentage ?? null),
    cbdPercentage: plainDecimal(product?.cbdPercentage ?? null),
    pricePerUnit: plainDecimal(product?.pricePerUnit ?? null),
    unitType: product?.unitType ?? 'oz',
    availableQuantity: product ? plainDecimal(product.availableQuantity) : '0',
    lotSize: String(product?.lotSize ?? 1),
    selectedMenus: [],
    photoIds: product?.photoIds ?? [],
    labResultId: product?.labResultId ?? null,
  };
}

/** A decimal the change carried (text or a number, as a CSV row or the form gave it) as a person would type it. */
const typed = (value: string | number | null | undefined) => plainDecimal(value === null || value === undefined ? null : String(value));

/** The form filled in with everything a refused new product carried: nothing typed is lost. */
export function formFromRefused({ args }: KeptProduct): ProductForm {
  return {
    strainName: args.strainName ?? '',
    sku: args.sku ?? '',
    description: args.description ?? '',
    category: args.category ?? 'flower',
    thcPercentage: typed(args.thcPercentage),
    cbdPercentage: typed(args.cbdPercentage),
    pricePerUnit: typed(args.pricePerUnit),
    unitType: args.unitType ?? 'oz',
    availableQuantity: typed(args.availableQuantity) || '0',
    lotSize: args.lotSize === undefined || args.lotSize === null ? '1' : String(args.lotSize),
    selectedMenus: args.selectedMenus ?? [],
    photoIds: args.photoIds ?? [],
    labResultId: args.labResultId ?? null,
  };
}

/** The quantity box's rule: anything that is not a number counts as 0. */
function quantityOrZero(text: string): string {
  return text.trim() === '' || Number.isNaN(Number(text)) ? '0' : text.trim();
}

/** The fields the product schemas check, from what the form holds. */
export function fieldsOf(form: ProductForm) {
  return {
    strainName: form.strainName,
    sku: form.sku,
    description: form.description,
    category: form.category,
    thcPercentage: form.thcPercentage,
    cbdPercentage: form.cbdPercentage,
    pricePerUnit: form.pricePerUnit,
    unitType: form.unitType,
    availableQuantity: quantityOrZero(form.availableQuantity),
    lotSize: form.lotSize,
  };
}
