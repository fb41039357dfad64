/**
 * Create or edit a menu: settings, the catalogue to add from (one by one or a
 * whole category), and a live preview to reorder (spec section 2, Menu
 * builder). A saved menu can also be shared, duplicated, or given a new link.
 */
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { CATEGORY_LABELS } from '../../../sync/constants';
import { linkExpired, menuFieldsSchema, type Menu } from '../../../sync/entities/menu';
import type { Product } from '../../../sync/entities/product';
import type { FieldErrors } from '../../../sync/errors';
import { validate } from '../../../sync/validation';
import { PageBody } from '../../components/page/page-header';
import { ReplicaGate } from '../../components/replica-gate';
import { Button, buttonClasses } from '../../components/ui/button';
import { Badge } from '../../components/ui/badge';
import { Card, Spinner } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, invalidProps, Select, Textarea } from '../../components/ui/form-controls';
import { messageOf } from '../../lib/api-client';
import { useFieldErrors } from '../../lib/field-errors';
import { cn } from '../../lib/cn';
import { copyMenuLink, menuLink } from '../../lib/copy-menu-link';
import { formatPrice } from '../../lib/format-price';
import { toast } from '../../lib/toast-store';
import { mutate } from '../../lib/replica/mutate';
import { listProducts } from '../../lib/replica/use-replica';
import { addAllOfCategory, categoriesToAdd, duplicateMenu, moveItem, moveItemTo, regenerateLink } from './menu-edits';
import { fromLocalInput, toLocalInput } from './link-expiry';
import { ShareMenuButton } from './share-menu-dialog';
import { useDocumentTitle } from '../../lib/document-title';

/** Navigation state of a builder opened on a menu this device has just made: it shows up in the replica a moment later. */
export type JustCreated = { justCreated: true };

/** The fields of the settings card; an error elsewhere (too many products) is told in a toast. */
const SETTINGS_FIELDS = ['name', 'description', 'linkExpiresAt'] as const;

export const REGENERATE_LINK_WARNING = 'Anyone with the old link will no longer be able to open this menu.';

export function MenuBuilderPage() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const menuId = params.id ?? searchParams.get('id');
  useDocumentTitle(menuId ? 'Edit Menu' : 'Menu Builder');
  const justCreated = (location.state as Partial<JustCreated> | null)?.justCreated === true;
  return (
    <PageBody>
      <ReplicaGate>
        {(view) => {
          const menu = menuId ? view.menus.get(menuId) : undefined;
          if (menuId && !menu) return justCreated ? <AwaitNewMenu /> : <MenuMissing />;
          return <MenuEditor key={menuId ?? 'new'} initial={menu ?? null} products={listProducts(view)} />;
        }}
      </ReplicaGate>
    </PageBody>
  );
}

function MenuMissing() {
  return <Card className="p-6 text-center">This menu does not exist or was deleted.</Card>;
}

/** A menu made a moment ago reaches the replica's view shortly; should it never come, say so. */
function AwaitNewMenu() {
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setGaveUp(true), 3000);
    return () => window.clearTimeout(timer);
  }, []);
  return gaveUp ? <MenuMissing /> : <Spinner label="Opening the menu" />;
}

type MoveFocus = { id: string; step: -1 | 1 };

function MenuEditor({ initial, products }: { initial: Menu | null; products: Product[] }) {
  const navigate = useNavigate();
  const menuId = initial?.id ?? null;
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [isPublic, setIsPublic] = useState(initial?.isPublic ?? false);
  const [expiresInput, setExpiresInput] = useState(toLocalInput(initial?.linkExpiresAt));
  const [productIds, setProductIds] = useState<string[]>(initial?.productIds ?? []);
  const { errors, formRef: settingsRef, fail, recheck, clear } = useFieldErrors<HTMLDivElement>();
  const [previewUnavailable, setPreviewUnavailable] = useState(false);
  const [confirmRegenerate, setConfirmRegenerate] = useState(false);
  /** On a phone the chosen products show on demand, above the catalogue, instead of below all of it. */
  const [showChosen, setShowChosen] = useState(false);
  const chosenCard = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const moveFocus = useRef<MoveFocus | null>(null);
  const previewList = useRef<HTMLOListElement>(null);
  // Live from the replica, so a regenerated link shows (and is shared) at once.
  const publicLinkId = initial?.publicLinkId ?? null;

  const byId = useMemo(() => new Map(products.map((product) => [product.id, product])), [products]);
  const chosen = productIds.flatMap((id) => byId.get(id) ?? []);
  const categories = useMemo(() => categoriesToAdd(products, productIds), [products, productIds]);
  // Compared as the field shows it (to the minute), so an expiry set elsewhere with seconds does not read as an edit.
  const expiryChanged = expiresInput !== toLocalInput(initial?.linkExpiresAt);
  const dirty =
    initial !== null &&
    (name !== initial.name ||
      (description || null) !== (initial.description || null) ||
      isPublic !== initial.isPublic ||
      expiryChanged ||
      productIds.join() !== initial.productIds.join());

  // After a move, keep focus on the moved product's button (or its other one, once it reached an end).
  useEffect(() => {
    const target = moveFocus.current;
    moveFocus.current = null;
    if (!target || !previewList.current) return;
    const buttons = [target.step, -target.step].map((step) =>
      previewList.current?.querySelector<HTMLButtonElement>(`button[data-move="${step}"][data-product="${CSS.escape(target.id)}"]`),
    );
    buttons.find((button) => button && !button.disabled)?.focus();
  }, [productIds]);

  function move(index: number, step: -1 | 1) {
    const product = chosen[index];
    if (!product) return;
    const next = moveItem(chosen.map((item) => item.id), index, step);
    moveFocus.current = { id: product.id, step };
    setProductIds(next);
    setAnnouncement(`${product.strainName} moved to position ${next.indexOf(product.id) + 1} of ${next.length}`);
  }

  function drop(index: number) {
    if (dragIndex === null) return;
    const product = chosen[dragIndex];
    setProductIds(moveItemTo(chosen.map((item) => item.id), dragIndex, index));
    setDragIndex(null);
    if (product) setAnnouncement(`${product.strainName} moved to position ${index + 1} of ${chosen.length}`);
  }

  function addCategory(category: Product['category']) {
    const next = addAllOfCategory(products, productIds, category);
    setProductIds(next);
    const added = next.length - productIds.length;
    setAnnouncement(`${added} ${CATEGORY_LABELS[category]} ${added === 1 ? 'product' : 'products'} added`);
  }

  const fields = { name, description, isPublic, ...(expiryChanged && { linkExpiresAt: fromLocalInput(expiresInput) }), productIds: chosen.map((product) => product.id) };
  const checked = validate(menuFieldsSchema, fields);
  // An error shown goes as soon as its field is right (compared as text: `checked` is new on every render).
  const currentErrors = JSON.stringify(checked.ok ? {} : checked.fieldErrors);
  useEffect(() => recheck(JSON.parse(currentErrors) as FieldErrors), [recheck, currentErrors]);

  async function save() {
    if (!checked.ok) {
      fail(checked.fieldErrors);
      if (!SETTINGS_FIELDS.some((field) => checked.fieldErrors[field])) toast({ title: 'Error', description: checked.message, variant: 'destructive' });
      return;
    }
    clear();
    try {
      if (menuId) {
        await mutate({ name: 'menu.update', args: { id: menuId, changes: fields } });
      } else {
        const id = crypto.randomUUID();
        await mutate({ name: 'menu.create', args: { ...fields, id, publicLinkId: crypto.randomUUID() } });
        navigate(`/menu-builder/${id}`, { replace: true, state: { justCreated: true } satisfies JustCreated });
      }
      toast({ title: 'Menu saved successfully', variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: messageOf(error, 'Failed to save menu. Please try again.'), variant: 'destructive' });
    }
  }

  function preview() {
    if (!publicLinkId) setPreviewUnavailable(true);
    else window.open(`/menu/${publicLinkId}`, '_blank', 'noopener');
  }

  async function duplicate() {
    if (!initial) return;
    const copyId = await duplicateMenu(initial);
    if (copyId) navigate(`/menu-builder/${copyId}`, { state: { justCreated: true } satisfies JustCreated });
  }

  async function regenerate() {
    if (!initial) return;
    if (await regenerateLink(initial)) setConfirmRegenerate(false);
  }

  const saveLabel = menuId ? 'Update Menu' : 'Save Menu';

  function toggleChosen() {
    setShowChosen((shown) => !shown);
    if (!showChosen) requestAnimationFrame(() => chosenCard.current?.scrollIntoView({ block: 'start' }));
  }

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/seller/dashboard" className="text-sm font-medium text-brand-800 hover:underline">
          ← Back to dashboard
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          {dirty && <span className="text-sm text-amber-800">Unsaved changes</span>}
          {initial && (
            <Button variant="outline" onClick={() => void duplicate()}>
              Duplicate
            </Button>
          )}
          <Button variant="outline" onClick={preview}>
            Preview
          </Button>
          {/* On a phone, Save lives in the bar at the bottom instead. */}
          <div className="hidden lg:block">
            <Button onClick={() => void save()}>{saveLabel}</Button>
          </div>
        </div>
      </div>
      <h1 className="text-2xl font-bold">{menuId ? 'Edit menu' : 'New menu'}</h1>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <div className="grid grid-cols-1 gap-6 pb-20 lg:grid-cols-2 lg:pb-0">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <Card ref={settingsRef} className="grid grid-cols-1 gap-4 p-4">
            <h2 className="font-semibold">Menu settings</h2>
            <Field id="menu-name" label="Menu name" error={errors.name}>
              <Input id="menu-name" value={name} onChange={(event) => setName(event.target.value)} {...invalidProps('menu-name', errors.name)} />
            </Field>
            <Field id="menu-description" label="Description" error={errors.description}>
              <Textarea id="menu-description" value={description} onChange={(event) => setDescription(event.target.value)} {...invalidProps('menu-description', errors.description)} />
            </Field>
            <Field id="menu-access" label="Access type">
              <Select id="menu-access" value={isPublic ? 'public' : 'private'} onChange={(event) => setIsPublic(event.target.value === 'public')}>
                <option value="private">Private Link Only</option>
                <option value="public">Public Listing</option>
              </Select>
            </Field>
            <Field id="menu-link-expires" label="Link expires" error={errors.linkExpiresAt} hint="Empty: the link never expires. After this time it answers Menu Not Found.">
              <div className="flex flex-wrap gap-2">
                <Input
                  id="menu-link-expires"
                  type="datetime-local"
                  className="w-auto"
                  value={expiresInput}
                  onChange={(event) => setExpiresInput(event.target.value)}
                  {...invalidProps('menu-link-expires', errors.linkExpiresAt)}
                />
                {expiresInput && (
                  <Button size="sm" variant="ghost" onClick={() => setExpiresInput('')}>
                    Never expire
                  </Button>
                )}
              </div>
            </Field>
          </Card>
          {initial && publicLinkId && (
            <Card className="grid grid-cols-1 gap-3 p-4">
              <h2 className="font-semibold">Share</h2>
              <p className="text-sm text-stone-600">Anyone with this link can open the menu, no login needed.</p>
              {initial.linkExpiresAt && (
                <p role="status" className={cn('text-sm', linkExpired(initial, new Date()) ? 'text-red-700' : 'text-stone-600')}>
                  {linkExpired(initial, new Date())
                    ? `This link expired on ${new Date(initial.linkExpiresAt).toLocaleString()}: it answers Menu Not Found.`
                    : `This link expires on ${new Date(initial.linkExpiresAt).toLocaleString()}.`}
                </p>
              )}
              <p className="rounded-md bg-stone-50 p-2 font-mono text-xs break-all text-stone-800" data-testid="menu-link">
                {menuLink(publicLinkId)}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="secondary" onClick={() => void copyMenuLink(publicLinkId)}>
                  Copy Link
                </Button>
                <ShareMenuButton menuName={initial.name} publicLinkId={publicLinkId} />
                <a href={`/menu/${publicLinkId}/print`} target="_blank" rel="noopener" className={buttonClasses('ghost', 'sm')}>
                  Print or save as PDF
                </a>
                <Button size="sm" variant="outline" onClick={() => setConfirmRegenerate(true)}>
                  Regenerate link
                </Button>
              </div>
            </Card>
          )}
          <Card className="grid grid-cols-1 gap-3 p-4">
            <h2 className="font-semibold">Your products</h2>
            <p className="text-sm text-stone-600">Click a product to add it to the menu.</p>
            {categories.length > 0 && (
              <div role="group" aria-label="Add a whole category" className="flex flex-wrap gap-2">
                {categories.map(({ category, missing }) => (
                  <Button
                    key={category}
                    size="sm"
                    variant="secondary"
                    disabled={missing.length === 0}
                    title={missing.length === 0 ? `Every ${CATEGORY_LABELS[category]} product is on the menu` : undefined}
                    onClick={() => addCategory(category)}
                  >
                    Add all {CATEGORY_LABELS[category]}
                  </Button>
                ))}
              </div>
            )}
            {products.length === 0 ? (
              <p className="text-sm text-stone-500">Your catalogue is empty: add products first.</p>
            ) : (
              <ul
                // Focusable, so that a keyboard can scroll it even when every product is on the menu and no button in it takes focus.
                tabIndex={0}
                aria-label="Your catalogue"
                className="grid max-h-96 grid-cols-1 gap-2 overflow-y-auto"
              >
                {products.map((product) => {
                  const added = productIds.includes(product.id);
                  return (
                    <li key={product.id}>
                      <button
                        type="button"
                        disabled={added}
                        onClick={() => setProductIds((ids) => [...ids, product.id])}
                        className="flex w-full items-center justify-between gap-2 rounded-md border border-stone-200 p-3 text-left hover:bg-stone-50 disabled:opacity-50"
                      >
                        <span className="min-w-0">
                          <span className="block font-medium break-words">{product.strainName}</span>
                          <span className="text-sm text-stone-600">
                            {CATEGORY_LABELS[product.category]} · {formatPrice(product.pricePerUnit)} / {product.unitType}
                          </span>
                        </span>
                        <span className="text-sm font-medium text-brand-800">{added ? 'Added' : 'Add'}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </Card>
        </div>
        <Card
          ref={chosenCard}
          id="chosen-products"
          className={cn('min-w-0 scroll-mt-20 grid-cols-1 content-start gap-3 p-4 lg:order-none lg:grid', showChosen ? 'order-first grid' : 'hidden')}
        >
          <div className="flex items-center justify-between">
            <h2 className="font-semibold">Preview</h2>
            <Badge tone="neutral">
              {chosen.length} {chosen.length === 1 ? 'product' : 'products'}
            </Badge>
          </div>
          <p className="text-lg font-semibold break-words">{name || 'Untitled menu'}</p>
          {description && <p className="text-sm break-words text-stone-600">{description}</p>}
          {chosen.length === 0 ? (
            <p className="rounded-md border border-dashed border-stone-300 p-6 text-center text-sm text-stone-500">No products on this menu yet.</p>
          ) : (
            <>
              {chosen.length > 1 && <p className="text-xs text-stone-500">Use the arrows (or drag) to set the order buyers see.</p>}
              <ol ref={previewList} aria-label="Products on this menu" className="grid grid-cols-1 gap-2">
                {chosen.map((product, index) => (
                  <li
                    key={product.id}
                    draggable
                    onDragStart={(event: DragEvent<HTMLLIElement>) => {
                      event.dataTransfer.effectAllowed = 'move';
                      event.dataTransfer.setData('text/plain', product.id);
                      setDragIndex(index);
                    }}
                    onDragOver={(event) => {
                      if (dragIndex === null) return;
                      event.preventDefault();
                      event.dataTransfer.dropEffect = 'move';
                    }}
                    onDrop={(event) => {
                      event.preventDefault();
                      drop(index);
                    }}
                    onDragEnd={() => setDragIndex(null)}
                    className={cn(
                      'flex items-center justify-between gap-2 rounded-md border border-stone-200 bg-white p-3',
                      dragIndex === index && 'opacity-50',
                    )}
                  >
                    <span className="flex min-w-0 items-center gap-2">
                      <span aria-hidden className="w-5 shrink-0 text-right text-xs text-stone-500 tabular-nums">
                        {index + 1}
                      </span>
                      <span className="min-w-0">
                        <span className="block font-medium break-words">{product.strainName}</span>
                        <span className="text-sm text-stone-600">
                          {formatPrice(product.pricePerUnit)} / {product.unitType}
                          {product.thcPercentage && ` · THC ${product.thcPercentage}%`}
                        </span>
                      </span>
                    </span>
                    <span className="flex shrink-0 items-center gap-1">
                      <Button
                        size="sm"
                        variant="ghost"
                        className="h-10 w-10 px-0 sm:h-8 sm:w-8"
                        aria-label={`Move ${product.strainName} up`}
                        data-move="-1"
                        data-product={product.id}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        <span aria-hidden>↑</span>
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="h-10 w-10 px-0 sm:h-8 sm:w-8"
                        aria-label={`Move ${product.strainName} down`}
                        data-move="1"
                        data-product={product.id}
                        disabled={index === chosen.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        <span aria-hidden>↓</span>
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="px-2"
                        aria-label={`Remove ${product.strainName}`}
                        onClick={() => setProductIds((ids) => ids.filter((id) => id !== product.id))}
                      >
                        Remove
                      </Button>
                    </span>
                  </li>
                ))}
              </ol>
            </>
          )}
        </Card>
      </div>
      <div className="fixed inset-x-0 bottom-0 z-30 flex items-center justify-between gap-2 border-t border-stone-200 bg-white p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] lg:hidden">
        <Button variant="outline" aria-expanded={showChosen} aria-controls="chosen-products" onClick={toggleChosen}>
          {showChosen ? 'Hide chosen' : 'Show chosen'} ({chosen.length})
        </Button>
        <Button onClick={() => void save()}>{saveLabel}</Button>
      </div>
      <Dialog open={previewUnavailable} onOpenChange={setPreviewUnavailable} title="Preview Not Available" description="Save your menu first to generate a preview.">
        <Button onClick={() => setPreviewUnavailable(false)}>OK</Button>
      </Dialog>
      <Dialog open={confirmRegenerate} onOpenChange={setConfirmRegenerate} title="Regenerate link?" description={REGENERATE_LINK_WARNING}>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirmRegenerate(false)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void regenerate()}>
            Regenerate link
          </Button>
        </div>
      </Dialog>
    </>
  );
}
