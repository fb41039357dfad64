/** Create or edit a menu: settings, the catalogue to add from, and a live preview (spec section 2, Menu builder). */
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { CATEGORY_LABELS } from '../../../sync/constants';
import { menuFieldsSchema, type Menu } from '../../../sync/entities/menu';
import type { Product } from '../../../sync/entities/product';
import { validate } from '../../../sync/validation';
import { PageBody } from '../../components/page/page-header';
import { ReplicaGate } from '../../components/replica-gate';
import { Button } from '../../components/ui/button';
import { Badge, Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, Select, Textarea } from '../../components/ui/form-controls';
import { messageOf } from '../../lib/api-client';
import { formatPrice } from '../../lib/format-price';
import { toast } from '../../lib/toast-store';
import { mutate } from '../../lib/replica/mutate';
import { listProducts } from '../../lib/replica/use-replica';

export function MenuBuilderPage() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const menuId = params.id ?? searchParams.get('id');
  return (
    <PageBody>
      <ReplicaGate>
        {(view) => {
          const menu = menuId ? view.menus.get(menuId) : undefined;
          if (menuId && !menu) return <Card className="p-6 text-center">This menu does not exist or was deleted.</Card>;
          return <MenuEditor key={menuId ?? 'new'} initial={menu ?? null} products={listProducts(view)} />;
        }}
      </ReplicaGate>
    </PageBody>
  );
}

function MenuEditor({ initial, products }: { initial: Menu | null; products: Product[] }) {
  const navigate = useNavigate();
  const menuId = initial?.id ?? null;
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [isPublic, setIsPublic] = useState(initial?.isPublic ?? false);
  const [productIds, setProductIds] = useState<string[]>(initial?.productIds ?? []);
  const [nameError, setNameError] = useState<string>();
  const [previewUnavailable, setPreviewUnavailable] = useState(false);
  const publicLinkId = initial?.publicLinkId ?? null;

  const byId = useMemo(() => new Map(products.map((product) => [product.id, product])), [products]);
  const chosen = productIds.flatMap((id) => byId.get(id) ?? []);

  async function save() {
    const fields = { name, description, isPublic, productIds };
    const checked = validate(menuFieldsSchema, fields);
    if (!checked.ok) {
      setNameError(checked.fieldErrors.name);
      if (!checked.fieldErrors.name) toast({ title: 'Error', description: checked.message, variant: 'destructive' });
      return;
    }
    setNameError(undefined);
    try {
      if (menuId) {
        await mutate({ name: 'menu.update', args: { id: menuId, changes: fields } });
      } else {
        const id = crypto.randomUUID();
        await mutate({ name: 'menu.create', args: { ...fields, id, publicLinkId: crypto.randomUUID() } });
        navigate(`/menu-builder/${id}`, { replace: true });
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

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/seller/dashboard" className="text-sm font-medium text-brand-800 hover:underline">
          ← Back to dashboard
        </Link>
        <div className="flex gap-2">
          <Button variant="outline" onClick={preview}>
            Preview
          </Button>
          <Button onClick={() => void save()}>
            {menuId ? 'Update Menu' : 'Save Menu'}
          </Button>
        </div>
      </div>
      <h1 className="text-2xl font-bold">{menuId ? 'Edit menu' : 'New menu'}</h1>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="grid grid-cols-1 content-start gap-6">
          <Card className="grid grid-cols-1 gap-4 p-4">
            <h2 className="font-semibold">Menu settings</h2>
            <Field id="menu-name" label="Menu name" error={nameError}>
              <Input id="menu-name" value={name} onChange={(event) => setName(event.target.value)} aria-invalid={Boolean(nameError)} />
            </Field>
            <Field id="menu-description" label="Description">
              <Textarea id="menu-description" value={description} onChange={(event) => setDescription(event.target.value)} />
            </Field>
            <Field id="menu-access" label="Access type">
              <Select id="menu-access" value={isPublic ? 'public' : 'private'} onChange={(event) => setIsPublic(event.target.value === 'public')}>
                <option value="private">Private Link Only</option>
                <option value="public">Public Listing</option>
              </Select>
            </Field>
          </Card>
          <Card className="grid grid-cols-1 gap-3 p-4">
            <h2 className="font-semibold">Your products</h2>
            <p className="text-sm text-stone-600">Click a product to add it to the menu.</p>
            {products.length === 0 ? (
              <p className="text-sm text-stone-500">Your catalogue is empty: add products first.</p>
            ) : (
              <ul className="grid max-h-96 grid-cols-1 gap-2 overflow-y-auto">
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
                        <span>
                          <span className="block font-medium">{product.strainName}</span>
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
        <Card className="grid grid-cols-1 content-start gap-3 p-4">
          <div className="flex items-center justify-between">
            <h2 className="font-semibold">Preview</h2>
            <Badge className="bg-brand-100 text-brand-900">
              {chosen.length} {chosen.length === 1 ? 'product' : 'products'}
            </Badge>
          </div>
          <p className="text-lg font-semibold">{name || 'Untitled menu'}</p>
          {description && <p className="text-sm text-stone-600">{description}</p>}
          {chosen.length === 0 ? (
            <p className="rounded-md border border-dashed border-stone-300 p-6 text-center text-sm text-stone-500">No products on this menu yet.</p>
          ) : (
            <ul className="grid grid-cols-1 gap-2">
              {chosen.map((product) => (
                <li key={product.id} className="flex items-center justify-between gap-2 rounded-md border border-stone-200 p-3">
                  <span>
                    <span className="block font-medium">{product.strainName}</span>
                    <span className="text-sm text-stone-600">
                      {formatPrice(product.pricePerUnit)} / {product.unitType}
                      {product.thcPercentage && ` · THC ${product.thcPercentage}%`}
                    </span>
                  </span>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove ${product.strainName}`}
                    onClick={() => setProductIds((ids) => ids.filter((id) => id !== product.id))}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      <Dialog open={previewUnavailable} onOpenChange={setPreviewUnavailable} title="Preview Not Available" description="Save your menu first to generate a preview.">
        <Button onClick={() => setPreviewUnavailable(false)}>OK</Button>
      </Dialog>
    </>
  );
}
