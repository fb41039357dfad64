/** /api/products: the signed-in seller's catalogue. */
import { Hono } from 'hono';
import { parseOrThrow } from '../../sync/contract/validation';
import { productCreateSchema, productUpdateSchema } from '../../sync/entities/product';
import type { AppEnv } from '../context';
import { allow, memberOf, teamAccountOf } from '../http/access';
import { readJson } from '../platform/http/read-json';
import { createProduct, deleteProduct, listProducts, updateProduct } from './product-service';

const seller = allow('seller');

export const productRoutes = new Hono<AppEnv>()
  .get('/products', seller, async (c) => c.json(await listProducts(c.get('services'), teamAccountOf(c))))
  .post('/products', seller, async (c) => c.json(await createProduct(c.get('services'), teamAccountOf(c), parseOrThrow(productCreateSchema, await readJson(c)), memberOf(c)), 201))
  .put('/products/:id', seller, async (c) =>
    c.json(await updateProduct(c.get('services'), teamAccountOf(c), c.req.param('id'), parseOrThrow(productUpdateSchema, await readJson(c)), memberOf(c))),
  )
  .delete('/products/:id', seller, async (c) => {
    await deleteProduct(c.get('services'), teamAccountOf(c), c.req.param('id'), memberOf(c));
    return c.body(null, 204);
  });
