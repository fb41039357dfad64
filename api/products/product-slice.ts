/** Products on the server: the catalogue's routes, its mutations and its pull. */
import { products } from '../db/schema';
import { countProductsOfOwner, listProductsChangedSince, listProductsPage } from '../db/repositories/products';
import { memberOfPusher as member, type ServerSlice } from '../sync/server-slice';
import { productRoutes } from './product-routes';
import { createProduct, createProducts, deleteProduct, updateProduct } from './product-service';

export const productSlice: ServerSlice<'products'> = {
  routes: productRoutes,
  appliers: {
    'product.create': (services, by, args) => createProduct(services, by.team.account, args, member(by)),
    'product.update': (services, by, { id, changes }) => updateProduct(services, by.team.account, id, changes, member(by)),
    'product.delete': (services, by, { id }) => deleteProduct(services, by.team.account, id, member(by)),
  },
  batchAppliers: {
    'product.create': async (services, by, args) =>
      (await createProducts(services, by.team.account, args, member(by))).map((created) => ('refused' in created ? created.refused : null)),
  },
  read: async (services, user, cursor) => (user.role === 'seller' ? listProductsChangedSince(services.db.read, user.id, cursor) : []),
  pages: {
    read: async (services, user, _by, _scope, page) => (user.role === 'seller' ? listProductsPage(services.db.read, user.id, page) : { rows: [], last: null }),
    count: async (services, user) => (user.role === 'seller' ? countProductsOfOwner(services.db.read, user.id) : 0),
  },
  owned: { table: products, owners: [products.userId], whenClosed: 'delete', deletion: 'trigger', exportedAs: 'products' },
};
