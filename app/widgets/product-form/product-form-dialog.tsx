/**
 * Add or edit a product. The same schema as the server
 * checks the fields; saving writes a mutation to the device, so it works
 * with no signal. Photos and lab results are kept on the device and queued
 * for upload as soon as they are added; the product names them by id
 * (`photoIds`, the first is the cover; `labResultId`), so saving never waits
 * for an upload. Files added and then not saved (a cancelled dialog, a photo
 * removed again) are let go before they are sent.
 *
 * A SKU another product of the catalogue (on this device) has is flagged
 * before anything is sent. A new product the server refused anyway is kept on
 * the device; `resend` opens the form filled in with it, and sending it takes
 * it off 'Needs attention' in the same step. One tap makes one product: the id
 * is made once per opened form and the button says it is working.
 */
import { useRef, useState, type FormEvent } from 'react';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES, UNIT_TYPES } from '../../../sync/contract/constants';
import { AppError, type FieldErrors } from '../../../sync/contract/errors';
import type { Menu } from '../../../sync/entities/menu';
import { MAX_SKU_LENGTH, productCreateSchema, productUpdateSchema, type Product } from '../../../sync/entities/product';
import { skuHolder, skuTakenMessage } from '../../../sync/entities/product-sku';
import { BELOW_DETECTION } from '../../../sync/rules/potency';
import { validate } from '../../../sync/contract/validation';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, invalidProps, Select, Textarea } from '../../components/ui/form-controls';
import { useKeptDraft } from '../../lib/drafts';
import { discardLocalPhotos } from '../../lib/photos/local-photos';
import { useFieldErrors } from '../../lib/field-errors';
import { mutate } from '../../lib/replica/mutate';
import type { ReplicaDb } from '../../lib/replica/replica-db';
import { toast } from '../../lib/toast-store';
import { useSession } from '../../lib/session-store';
import { mayEditMenu, REFUSAL_REASONS, teamAllowances } from '../../lib/team-permissions';
import { useMemberNames } from '../../lib/team-read';
import { useTeamRole } from '../../lib/team-role';
import { useSingleTap } from '../../lib/use-single-tap';
import { AuthorshipLine } from '../authorship-line';
import { KeptDraftNotice } from '../../components/kept-draft-notice';
import { LabResultField } from '../photos/lab-result-field';
import { PhotoGalleryEditor } from '../photos/photo-gallery-editor';
import type { KeptProduct } from './kept-products';
import { changedFields } from './product-changes';
import { fieldsOf, formFrom, formFromRefused, textOf, type KeptProductText, type ProductForm } from './product-form-values';

const PRICE_AND_STOCK_NOTE_ID = 'product-price-stock-note';
/** Why Save waits, said beside it: a tooltip never shows on a phone. */
const PREPARING_NOTE_ID = 'product-preparing-note';

const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((id, index) => id === b[index]);

/** An imported lab result below detection shows in the empty field; typing a percentage replaces it (sync/rules/potency.ts). */
const BELOW_DETECTION_HINT = `${BELOW_DETECTION} (below detection)`;

type ProductFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  product: Product | null;
  menus: Menu[];
  /** The seller's catalogue on this device: a SKU one of them has is flagged before sending. */
  catalogue: Product[];
  /** A new product the server refused, to edit and send again (with its id). */
  resend?: KeptProduct;
};

export function ProductFormDialog({ open, onOpenChange, product, menus, catalogue, resend }: ProductFormDialogProps) {
  const [opened] = useState(() => (resend && !product ? formFromRefused(resend) : formFrom(product)));
  const [form, setForm] = useState(opened);
  // What is typed is kept on the device until the product is saved or the form closed on purpose; photos and the lab
  // result are the upload queue's to keep, so a draft holds the text alone.
  const unsaved = JSON.stringify(form) !== JSON.stringify(opened);
  const kept = useKeptDraft<KeptProductText>(`product:${product?.id ?? resend?.id ?? 'new'}`, textOf(form), unsaved);
  const [restoredDraft, setRestoredDraft] = useState<KeptProductText | null>(null);
  if (kept.restored && kept.restored !== restoredDraft) {
    setRestoredDraft(kept.restored);
    setForm((current) => ({ ...current, ...kept.restored }));
  }
  /** The new product's id, made once for this opened form: a repeated tap names the same product, never a second one. */
  const [newId] = useState(() => resend?.id ?? crypto.randomUUID());
  /** Set once the change is written: a tap that slips in before the dialog closes sends nothing more. */
  const sent = useRef(false);
  const { run, pending } = useSingleTap();
  const { errors: submitErrors, formRef, fail, recheck, clear: clearErrors } = useFieldErrors();
  /** Files stored on the device while this dialog is open: let go unless the saved product names them. */
  const addedFiles = useRef<string[]>([]);
  /** Photos and lab results still being compressed: saving waits for them, so none is left out. */
  const [preparing, setPreparing] = useState({ photos: false, labResult: false });
  const busy = preparing.photos || preparing.labResult;
  const editing = product !== null;
  const teamRole = useTeamRole();
  const userId = useSession((state) => state.user?.id ?? '');
  const { changePricesAndStock } = teamAllowances(teamRole);
  const memberNames = useMemberNames();
  // Said on the form, not only in a tooltip: a rep sees why the two fields do not take their typing.
  const pricesAndStockNote = editing ? REFUSAL_REASONS.pricesAndStock : REFUSAL_REASONS.newProductPriceAndStock;
  const pricesAndStockLocked = changePricesAndStock ? {} : { disabled: true, 'aria-describedby': PRICE_AND_STOCK_NOTE_ID };
  // A product goes only on menus its maker may change: a rep's own.
  const menusToAddTo = menus.filter((menu) => mayEditMenu(teamRole, menu, userId));

  function close() {
    kept.forget();
    void discardLocalPhotos(addedFiles.current);
    addedFiles.current = [];
    onOpenChange(false);
  }

  /** After saving: keep what the product names, let the rest go. */
  function keepOnly(named: string[]) {
    void discardLocalPhotos(addedFiles.current.filter((id) => !named.includes(id)));
    addedFiles.current = [];
  }

  /** A SKU another product of the catalogue has, in the server's words: said as soon as it is typed, not only on submit. */
  function skuTaken(values: ProductForm): string | undefined {
    const holder = skuHolder(catalogue, values.sku, product?.id ?? newId);
    return holder ? skuTakenMessage(values.sku.trim(), holder.strainName) : undefined;
  }
  const takenSku = skuTaken(form);
  const errors = takenSku && !submitErrors.sku ? { ...submitErrors, sku: takenSku } : submitErrors;
  const invalid = (field: keyof ProductForm, id: string) => invalidProps(id, errors[field]);

  /** What the form's values would be refused for, were it submitted now: the schema's checks, and a SKU the catalogue already has. */
  function errorsOf(values: ProductForm): FieldErrors {
    const fields = fieldsOf(values);
    const checked = editing
      ? validate(productUpdateSchema, { ...fields, photoIds: values.photoIds, labResultId: values.labResultId })
      : validate(productCreateSchema, { ...fields, selectedMenus: values.selectedMenus, photoIds: values.photoIds, labResultId: values.labResultId });
    const errors = checked.ok ? {} : { ...checked.fieldErrors };
    const taken = skuTaken(values);
    return taken && !errors.sku ? { ...errors, sku: taken } : errors;
  }

  const change = (field: keyof ProductForm) => (event: { target: { value: string } }) => {
    const next = { ...form, [field]: event.target.value };
    setForm(next);
    recheck(errorsOf(next));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || sent.current) return;
    void run(save);
  }

  async function save() {
    const fields = fieldsOf(form);
    const refused = errorsOf(form);
    if (Object.keys(refused).length > 0) return fail(refused);
    try {
      if (editing) {
        const checked = validate(productUpdateSchema, { ...fields, photoIds: form.photoIds, labResultId: form.labResultId });
        if (!checked.ok) return fail(checked.fieldErrors);
        const { photoIds, labResultId, ...scalars } = checked.data;
        // Only what changed: an edit here must not overwrite a stock count changed on another device.
        const changes: typeof checked.data = changedFields(product, scalars);
        if (photoIds && !sameIds(photoIds, product.photoIds)) changes.photoIds = photoIds;
        if (labResultId !== undefined && labResultId !== product.labResultId) changes.labResultId = labResultId;
        if (Object.keys(changes).length > 0) {
          await mutate({ name: 'product.update', args: { id: product.id, changes } });
          toast({ title: 'Product updated successfully', variant: 'success' });
        }
      } else {
        const checked = validate(productCreateSchema, {
          ...fields,
          selectedMenus: form.selectedMenus,
          photoIds: form.photoIds,
          labResultId: form.labResultId,
          // An imported "ND" has no box of its own: it comes back with the refused product while its box stays empty.
          thcBelowDetection: Boolean(resend?.args.thcBelowDetection) && !form.thcPercentage.trim(),
          cbdBelowDetection: Boolean(resend?.args.cbdBelowDetection) && !form.cbdPercentage.trim(),
        });
        if (!checked.ok) return fail(checked.fieldErrors);
        const id = newId;
        // Sending the edited product and taking the refused one off 'Needs attention' are one step.
        const takeOffKept = resend ? { tables: (db: ReplicaDb) => [db.keptRefusals], write: (db: ReplicaDb) => db.keptRefusals.delete(['product.create', id]) } : undefined;
        await mutate({ name: 'product.create', args: { ...checked.data, id } }, takeOffKept);
        toast({ title: 'Product created successfully', variant: 'success' });
      }
      sent.current = true;
      kept.forget();
      keepOnly([...form.photoIds, ...(form.labResultId ? [form.labResultId] : [])]);
      clearErrors();
      setForm(formFrom(null));
      onOpenChange(false);
    } catch (error) {
      toast({
        title: 'Error',
        description: error instanceof AppError ? error.message : editing ? 'Failed to update product' : 'Failed to create product',
        variant: 'destructive',
      });
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())} title={editing ? 'Edit Product' : 'Add Product'} className="sm:max-w-xl" unsaved={unsaved}>
      {restoredDraft && unsaved && (
        <KeptDraftNotice
          what="this product"
          onDiscard={() => {
            kept.forget();
            setForm(opened);
          }}
        />
      )}
      <form ref={formRef} noValidate onSubmit={submit} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {product && <AuthorshipLine row={product} names={memberNames} className="-mt-2 sm:col-span-2" />}
        <div className="sm:col-span-2">
          <Field id="product-strain-name" label="Strain Name *" error={errors.strainName}>
            <Input id="product-strain-name" maxLength={200} value={form.strainName} onChange={change('strainName')} {...invalid('strainName', 'product-strain-name')} />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field id="product-description" label="Description" error={errors.description}>
            <Textarea id="product-description" maxLength={5000} value={form.description} onChange={change('description')} {...invalid('description', 'product-description')} />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <PhotoGalleryEditor
            photoIds={form.photoIds}
            strainName={form.strainName}
            onPreparingChange={(photos) => setPreparing((current) => ({ ...current, photos }))}
            onChange={(photoIds) => setForm((current) => ({ ...current, photoIds }))}
            onAdded={(photoId) => {
              addedFiles.current.push(photoId);
              setForm((current) => ({ ...current, photoIds: [...current.photoIds, photoId] }));
            }}
          />
          {errors.photoIds && (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {errors.photoIds}
            </p>
          )}
        </div>
        <Field id="product-category" label="Category" error={errors.category}>
          <Select id="product-category" value={form.category} onChange={change('category')}>
            {PRODUCT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {CATEGORY_LABELS[category]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="product-unit" label="Unit" error={errors.unitType}>
          <Select id="product-unit" value={form.unitType} onChange={change('unitType')}>
            {UNIT_TYPES.map((unit) => (
              <option key={unit} value={unit}>
                {unit}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="product-thc" label="THC %" error={errors.thcPercentage}>
          <Input
            id="product-thc"
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step={0.1}
            value={form.thcPercentage}
            placeholder={(product ?? resend?.args)?.thcBelowDetection ? BELOW_DETECTION_HINT : undefined}
            onChange={change('thcPercentage')}
            {...invalid('thcPercentage', 'product-thc')}
          />
        </Field>
        <Field id="product-cbd" label="CBD %" error={errors.cbdPercentage}>
          <Input
            id="product-cbd"
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step={0.1}
            value={form.cbdPercentage}
            placeholder={(product ?? resend?.args)?.cbdBelowDetection ? BELOW_DETECTION_HINT : undefined}
            onChange={change('cbdPercentage')}
            {...invalid('cbdPercentage', 'product-cbd')}
          />
        </Field>
        {!changePricesAndStock && (
          <p id={PRICE_AND_STOCK_NOTE_ID} role="note" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900 sm:col-span-2">
            {pricesAndStockNote}
          </p>
        )}
        <Field id="product-price" label="Price per unit ($)" error={errors.pricePerUnit}>
          <Input
            id="product-price"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={form.pricePerUnit}
            onChange={change('pricePerUnit')}
            {...invalid('pricePerUnit', 'product-price')}
            {...pricesAndStockLocked}
          />
        </Field>
        <Field id="product-quantity" label="Available quantity" error={errors.availableQuantity}>
          <Input
            id="product-quantity"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.001}
            value={form.availableQuantity}
            onChange={change('availableQuantity')}
            {...invalid('availableQuantity', 'product-quantity')}
            {...pricesAndStockLocked}
          />
        </Field>
        <Field id="product-lot-size" label="Lot size (minimum order)" error={errors.lotSize}>
          <Input
            id="product-lot-size"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={form.lotSize}
            onChange={change('lotSize')}
            {...invalid('lotSize', 'product-lot-size')}
          />
        </Field>
        <Field id="product-sku" label="SKU" error={errors.sku}>
          <Input id="product-sku" maxLength={MAX_SKU_LENGTH} autoComplete="off" value={form.sku} onChange={change('sku')} {...invalid('sku', 'product-sku')} />
        </Field>
        <div className="sm:col-span-2">
          <LabResultField
            labResultId={form.labResultId}
            onPreparingChange={(labResult) => setPreparing((current) => ({ ...current, labResult }))}
            onChange={(labResultId, added) => {
              if (added && labResultId) addedFiles.current.push(labResultId);
              setForm((current) => ({ ...current, labResultId }));
            }}
          />
        </div>
        {!editing && menusToAddTo.length > 0 && (
          <fieldset className="grid gap-2 sm:col-span-2">
            <legend className="mb-1 text-sm font-medium text-stone-800">Add to menus</legend>
            {menusToAddTo.map((menu) => (
              <label key={menu.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={form.selectedMenus.includes(menu.id)}
                  onChange={(event) =>
                    setForm((current) => ({
                      ...current,
                      selectedMenus: event.target.checked ? [...current.selectedMenus, menu.id] : current.selectedMenus.filter((id) => id !== menu.id),
                    }))
                  }
                />
                {menu.name}
              </label>
            ))}
          </fieldset>
        )}
        <div className="flex flex-wrap items-center justify-end gap-2 sm:col-span-2">
          {busy && (
            <p id={PREPARING_NOTE_ID} className="mr-auto text-sm text-stone-600">
              {preparing.photos ? 'Waiting for the photos to be prepared…' : 'Waiting for the lab results to be prepared…'}
            </p>
          )}
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || pending} aria-busy={pending} aria-describedby={busy ? PREPARING_NOTE_ID : undefined}>
            {editing ? (pending ? 'Saving…' : 'Save Changes') : pending ? 'Adding…' : 'Add Product'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
