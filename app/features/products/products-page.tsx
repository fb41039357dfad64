/** The seller's catalogue: search over strain name and description, a category filter, and delete with confirmation. */
import { useMemo, useState } from 'react';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES, type ProductCategory } from '../../../sync/constants';
import type { Menu } from '../../../sync/entities/menu';
import type { Product } from '../../../sync/entities/product';
import { PageBody, PageHeader } from '../../components/page/page-header';
import { ReplicaGate } from '../../components/replica-gate';
import { Button } from '../../components/ui/button';
import { Badge, Card } from '../../components/ui/card';
import { Input, Select } from '../../components/ui/form-controls';
import { messageOf } from '../../lib/api-client';
import { formatPrice } from '../../lib/format-price';
import { toast } from '../../lib/toast-store';
import { mutate } from '../../lib/replica/mutate';
import { listMenus, listProducts } from '../../lib/replica/use-replica';
import { ProductFormDialog } from './product-form-dialog';

export function ProductsPage() {
  return (
    <PageBody>
      <PageHeader title="Products" subtitle="Your catalogue, ready to put on menus." />
      <ReplicaGate>{(view) => <ProductCatalogue products={listProducts(view)} menus={listMenus(view)} />}</ReplicaGate>
    </PageBody>
  );
}

function ProductCatalogue({ products, menus }: { products: Product[]; menus: Menu[] }) {
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ product: Product | null } | null>(null);
  const [category, setCategory] = useState<ProductCategory | 'all'>('all');

  const visible = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return products.filter(
      (product) =>
        (category === 'all' || product.category === category) &&
        (!needle || `${product.strainName} ${product.description ?? ''}`.toLowerCase().includes(needle)),
    );
  }, [products, search, category]);

  async function remove(product: Product) {
    if (!window.confirm(`Delete ${product.strainName}? It will also leave every menu it is on.`)) return;
    try {
      await mutate({ name: 'product.delete', args: { id: product.id } });
      toast({ title: 'Product deleted successfully', variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: messageOf(error, 'Failed to delete product'), variant: 'destructive' });
    }
  }

  return (
    <>
      <div className="flex justify-end">
        <Button onClick={() => setEditing({ product: null })}>Add Product</Button>
      </div>
      {editing && (
        <ProductFormDialog open onOpenChange={(open) => !open && setEditing(null)} product={editing.product} menus={menus} />
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_14rem]">
        <Input type="search" aria-label="Search products" placeholder="Search strain name or description" value={search} onChange={(event) => setSearch(event.target.value)} />
        <Select aria-label="Category" value={category} onChange={(event) => setCategory(event.target.value as ProductCategory | 'all')}>
          <option value="all">All categories</option>
          {PRODUCT_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {CATEGORY_LABELS[value]}
            </option>
          ))}
        </Select>
      </div>
      {visible.length === 0 ? (
        <Card className="p-8 text-center text-stone-600">{products.length ? 'No products match your search.' : 'No products yet.'}</Card>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {visible.map((product) => (
            <li key={product.id}>
              <Card className="flex h-full flex-col gap-2 p-4">
                <div className="flex items-start justify-between gap-2">
                  <h2 className="font-semibold">{product.strainName}</h2>
                  <Badge className="bg-stone-100 text-stone-700">{CATEGORY_LABELS[product.category]}</Badge>
                </div>
                {product.description && <p className="line-clamp-2 text-sm text-stone-600">{product.description}</p>}
                <p className="text-sm">
                  {formatPrice(product.pricePerUnit)} / {product.unitType} · {product.availableQuantity} {product.unitType} available
                </p>
                <div className="flex flex-wrap gap-1">
                  {product.thcPercentage && <Badge className="bg-brand-100 text-brand-900">THC {product.thcPercentage}%</Badge>}
                  {product.cbdPercentage && <Badge className="bg-sky-100 text-sky-900">CBD {product.cbdPercentage}%</Badge>}
                </div>
                <div className="mt-auto flex justify-end gap-2 pt-2">
                  <Button size="sm" variant="outline" onClick={() => setEditing({ product })} aria-label={`Edit ${product.strainName}`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => void remove(product)} aria-label={`Delete ${product.strainName}`}>
                    Delete
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
