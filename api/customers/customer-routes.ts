/** /api/customers: a seller team's customer book (a rep's part of it); /api/customer-invitations: its invitations, as the invited buyer sees them. */
import { Hono } from 'hono';
import { parseOrThrow } from '../../sync/contract/validation';
import { customerCreateSchema, customerInvitationAcceptSchema, customerInviteSchema, customerUpdateSchema } from '../../sync/entities/customer';
import type { AppEnv } from '../context';
import { allow, memberOf, open, teamAccountOf } from '../http/access';
import { readJson } from '../platform/http/read-json';
import { acceptCustomerInvitation, inviteCustomer, previewCustomerInvitation } from './customer-invitations';
import { createCustomer, deleteCustomer, listCustomers, updateCustomer, withNewId } from './customer-service';

const seller = allow('seller');

export const customerRoutes = new Hono<AppEnv>()
  .get('/customers', seller, async (c) => c.json(await listCustomers(c.get('services'), teamAccountOf(c), memberOf(c))))
  .post('/customers', seller, async (c) =>
    c.json(await createCustomer(c.get('services'), teamAccountOf(c), parseOrThrow(customerCreateSchema, withNewId(await readJson(c))), memberOf(c)), 201),
  )
  .patch('/customers/:id', seller, async (c) =>
    c.json(await updateCustomer(c.get('services'), teamAccountOf(c), c.req.param('id'), parseOrThrow(customerUpdateSchema, await readJson(c)), memberOf(c))),
  )
  .delete('/customers/:id', seller, async (c) => {
    await deleteCustomer(c.get('services'), teamAccountOf(c), c.req.param('id'), memberOf(c));
    return c.body(null, 204);
  })
  .post('/customers/:id/invitations', seller, async (c) =>
    c.json(await inviteCustomer(c.get('services'), teamAccountOf(c), memberOf(c), c.req.param('id'), parseOrThrow(customerInviteSchema, await readJson(c))), 201),
  )
  // The token in the link is the permission to see what it shows.
  .get('/customer-invitations/preview', open, async (c) =>
    c.json(await previewCustomerInvitation(c.get('services'), parseOrThrow(customerInvitationAcceptSchema, { token: c.req.query('token') }))),
  )
  .post('/customer-invitations/accept', allow('buyer'), async (c) =>
    c.json(await acceptCustomerInvitation(c.get('services'), teamAccountOf(c), parseOrThrow(customerInvitationAcceptSchema, await readJson(c)))),
  );
