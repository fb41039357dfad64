/** /api/inquiries: messages and order requests between a buyer and a seller; each party sees only their own (a rep, of order requests, only their customers'). */
import { Hono } from 'hono';
import { MUTATIONS } from '../../sync/contract/mutations';
import { parseOrThrow } from '../../sync/contract/validation';
import type { AppEnv } from '../context';
import { allow, memberOf, sessionOf, teamAccountOf } from '../http/access';
import { readJson } from '../platform/http/read-json';
import { createInquiry, getInquiry, listInquiries, markInquiryRead, replyToInquiry, setInquiryStatus } from './inquiry-service';

const parties = allow('buyer', 'seller');

export const inquiryRoutes = new Hono<AppEnv>()
  .get('/inquiries', parties, async (c) => c.json(await listInquiries(c.get('services'), teamAccountOf(c), memberOf(c))))
  .get('/inquiries/:id', parties, async (c) => c.json(await getInquiry(c.get('services'), teamAccountOf(c), memberOf(c), c.req.param('id'))))
  .post('/inquiries', allow('buyer'), async (c) =>
    c.json(await createInquiry(c.get('services'), teamAccountOf(c), sessionOf(c).user.id, parseOrThrow(MUTATIONS['inquiry.create'].args, await readJson(c))), 201),
  )
  .post('/inquiries/:id/messages', parties, async (c) => {
    const body = (await readJson(c)) as Record<string, unknown>;
    return c.json(
      await replyToInquiry(c.get('services'), teamAccountOf(c), memberOf(c), parseOrThrow(MUTATIONS['inquiry.reply'].args, { ...body, inquiryId: c.req.param('id') })),
      201,
    );
  })
  .post('/inquiries/:id/status', allow('seller'), async (c) => {
    const body = (await readJson(c)) as Record<string, unknown>;
    return c.json(await setInquiryStatus(c.get('services'), teamAccountOf(c), memberOf(c), parseOrThrow(MUTATIONS['inquiry.setStatus'].args, { ...body, id: c.req.param('id') })));
  })
  .post('/inquiries/:id/read', parties, async (c) => {
    await markInquiryRead(c.get('services'), teamAccountOf(c), memberOf(c), c.req.param('id'));
    return c.body(null, 204);
  });
