/** /api/orders: each party's own orders (a rep's: their customers'); another party's order answers 404. */
import { Hono, type Context } from 'hono';
import type { Order } from '../../sync/entities/order';
import type { AppEnv, Services } from '../context';
import { allow, sessionOf } from '../http/access';
import { readJson } from '../platform/http/read-json';
import { orderActor, type OrderActor } from './order-actor';
import { acceptOrder, approveOrder, cancelOrder, deliverOrder, fulfilOrder, recordPayment, rejectOrder, updateOrderLines } from './order-moves';
import { orderInvoice, ordersCsv, type OrderFile } from './order-documents';
import { createOrder, getOrder, listOrders, reorder } from './order-service';

const parties = allow('buyer', 'seller');
const seller = allow('seller');
const buyer = allow('buyer');

/** The body's fields with the order named in the path; a move that takes none may be posted with no body (or an empty one). */
async function argsOf(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const body = (await c.req.raw.clone().text()).trim() ? await readJson(c) : {};
  return { ...(body && typeof body === 'object' && !Array.isArray(body) ? body : {}), id: c.req.param('id') };
}

const move = (run: (services: Services, actor: OrderActor, input: unknown) => Promise<Order>) => async (c: Context<AppEnv>) =>
  c.json(await run(c.get('services'), orderActor(sessionOf(c)), await argsOf(c)));

/** A file the browser saves under its own name rather than shows. */
const download = (c: Context<AppEnv>, file: OrderFile, type: string) =>
  c.body(file.body, 200, { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${file.fileName}"` });

export const orderRoutes = new Hono<AppEnv>()
  .get('/orders', parties, async (c) => c.json(await listOrders(c.get('services'), orderActor(sessionOf(c)), c.req.query())))
  .get('/orders.csv', parties, async (c) => download(c, await ordersCsv(c.get('services'), orderActor(sessionOf(c))), 'text/csv; charset=utf-8'))
  .get('/orders/:id/invoice.pdf', parties, async (c) => {
    const invoice = await orderInvoice(c.get('services'), orderActor(sessionOf(c)), c.req.param('id'), c.req.header('if-none-match'));
    // Weak: a PDF that reads the same may differ in its bytes (the moment of issue in its metadata).
    c.header('ETag', `W/${invoice.etag}`);
    c.header('Cache-Control', 'private, no-cache');
    return 'unchanged' in invoice ? c.body(null, 304) : download(c, invoice, 'application/pdf');
  })
  .get('/orders/:id', parties, async (c) => c.json(await getOrder(c.get('services'), orderActor(sessionOf(c)), c.req.param('id'))))
  .post('/orders', parties, async (c) => c.json(await createOrder(c.get('services'), orderActor(sessionOf(c)), await readJson(c)), 201))
  .post('/orders/:id/accept', seller, move(acceptOrder))
  .post('/orders/:id/reject', seller, move(rejectOrder))
  .post('/orders/:id/cancel', parties, move(cancelOrder))
  .put('/orders/:id/lines', seller, move(updateOrderLines))
  .post('/orders/:id/approve', buyer, move(approveOrder))
  .post('/orders/:id/fulfil', seller, move(fulfilOrder))
  .post('/orders/:id/deliver', seller, move(deliverOrder))
  .post('/orders/:id/payments', seller, move(recordPayment))
  // The device makes the new order's id when it reorders offline; a caller that does not gets one made here.
  .post('/orders/:id/reorder', parties, async (c) =>
    c.json(await reorder(c.get('services'), orderActor(sessionOf(c)), { newOrderId: crypto.randomUUID(), ...(await argsOf(c)) }), 201),
  );
