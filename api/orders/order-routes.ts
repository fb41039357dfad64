/** /api/orders: each party's own orders (a rep's: their customers'); another party's order answers 404. */
import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { MUTATIONS } from '../../sync/contract/mutations';
import { parseOrThrow } from '../../sync/contract/validation';
import { orderListQuerySchema, type Order } from '../../sync/entities/order';
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

/** A move's route parses its arguments with the schema of the same move made through sync, once. */
const move =
  <S extends z.ZodType>(schema: S, run: (services: Services, actor: OrderActor, input: z.output<S>) => Promise<Order>) =>
  async (c: Context<AppEnv>) =>
    c.json(await run(c.get('services'), orderActor(sessionOf(c)), parseOrThrow(schema, await argsOf(c))));

/** A file the browser saves under its own name rather than shows. */
const download = (c: Context<AppEnv>, file: OrderFile, type: string) =>
  c.body(file.body, 200, { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${file.fileName}"` });

export const orderRoutes = new Hono<AppEnv>()
  .get('/orders', parties, async (c) => c.json(await listOrders(c.get('services'), orderActor(sessionOf(c)), parseOrThrow(orderListQuerySchema, c.req.query()))))
  .get('/orders.csv', parties, async (c) => download(c, await ordersCsv(c.get('services'), orderActor(sessionOf(c))), 'text/csv; charset=utf-8'))
  .get('/orders/:id/invoice.pdf', parties, async (c) => {
    const invoice = await orderInvoice(c.get('services'), orderActor(sessionOf(c)), c.req.param('id'), c.req.header('if-none-match'));
    // Weak: a PDF that reads the same may differ in its bytes (the moment of issue in its metadata).
    c.header('ETag', `W/${invoice.etag}`);
    c.header('Cache-Control', 'private, no-cache');
    return 'unchanged' in invoice ? c.body(null, 304) : download(c, invoice, 'application/pdf');
  })
  .get('/orders/:id', parties, async (c) => c.json(await getOrder(c.get('services'), orderActor(sessionOf(c)), c.req.param('id'))))
  .post('/orders', parties, async (c) =>
    c.json(await createOrder(c.get('services'), orderActor(sessionOf(c)), parseOrThrow(MUTATIONS['order.create'].args, await readJson(c))), 201),
  )
  .post('/orders/:id/accept', seller, move(MUTATIONS['order.accept'].args, acceptOrder))
  .post('/orders/:id/reject', seller, move(MUTATIONS['order.reject'].args, rejectOrder))
  .post('/orders/:id/cancel', parties, move(MUTATIONS['order.cancel'].args, cancelOrder))
  .put('/orders/:id/lines', seller, move(MUTATIONS['order.updateLines'].args, updateOrderLines))
  .post('/orders/:id/approve', buyer, move(MUTATIONS['order.approve'].args, approveOrder))
  .post('/orders/:id/fulfil', seller, move(MUTATIONS['order.fulfil'].args, fulfilOrder))
  .post('/orders/:id/deliver', seller, move(MUTATIONS['order.deliver'].args, deliverOrder))
  .post('/orders/:id/payments', seller, move(MUTATIONS['order.recordPayment'].args, recordPayment))
  // The device makes the new order's id when it reorders offline; a caller that does not gets one made here.
  .post('/orders/:id/reorder', parties, async (c) =>
    c.json(
      await reorder(c.get('services'), orderActor(sessionOf(c)), parseOrThrow(MUTATIONS['order.reorder'].args, { newOrderId: crypto.randomUUID(), ...(await argsOf(c)) })),
      201,
    ),
  );
