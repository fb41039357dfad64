/**
 * GET /api/public/menu/:publicLinkId/events: a text/event-stream of the
 * menu's changes. Each change sends the whole public menu (the same answer
 * as GET /api/public/menu/:publicLinkId, a signed-in buyer's at their own
 * prices, so an open page needs no second request), with the change-clock
 * value as its id: a reconnect naming it in
 * Last-Event-ID gets the current menu at once if anything changed meanwhile.
 * A menu that is gone (deleted, its link regenerated, its seller disabled)
 * sends `gone` and the stream ends. A first connection (no Last-Event-ID)
 * gets the current menu at once, closing the gap between the page's fetch
 * and the stream's start. A client address, a menu and the process each
 * hold a bounded number of open streams (stream-slots.ts).
 *
 * A browser's EventSource cannot send the bearer token, so a signed-in buyer
 * first asks POST /api/public/menu/:publicLinkId/events/ticket for a ticket
 * to this one menu's stream, in their session and short-lived, and opens the
 * stream with it in the address (`?ticket=`); a ticket is never a bearer token.
 */
import { BoundedMap } from '../platform/limits/bounded-map';
import { Hono } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { authenticateTicket, ticketFor } from '../auth/auth-service';
import type { AppEnv, Services, Session } from '../context';
import { menuChangedSince } from '../db/repositories/live-menus';
import { allow, open, sessionOf } from '../http/access';
import type { PricedMenus } from '../public-menu/priced-menus';
import { AppError } from '../../sync/contract/errors';
import { StreamSlots, type StreamCaps } from './stream-slots';

export const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 2_000;
/** Menus whose latest answer is kept for their streams, each for guests and for each buyer team following. */
const MAX_REMEMBERED = 1_000;
/** How long a ticket opens the stream; a reconnect after that asks for a new one. */
export const TICKET_VALID_MS = 60 * 60 * 1000;

const ticketAudience = (publicLinkId: string) => `menu-events:${publicLinkId}`;

/** Whose prices the stream carries: a buyer team's, from the ticket in the address or the bearer token; else a guest's (null). */
async function viewerOf(services: Services, session: Session | null, ticket: string | undefined, publicLinkId: string): Promise<string | null> {
  const viewer = ticket ? await authenticateTicket(services, ticket, ticketAudience(publicLinkId)) : session;
  if (ticket && !viewer) throw new AppError('unauthenticated', 'Sign in again to follow this menu as it changes.');
  return viewer?.user.role === 'buyer' ? viewer.team.id : null;
}

export function menuEventRoutes(menus: PricedMenus, options: { heartbeatMs?: number; caps?: Partial<StreamCaps> } = {}) {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const slots = new StreamSlots(options.caps);
  // One change, one rebuilt answer per viewer: a thousand streams of a menu must not each rebuild it.
  const latest = new BoundedMap<string, { version: number; json: Promise<string | null> }>(MAX_REMEMBERED);
  const menuAt = (services: Services, linkId: string, buyerTeamId: string | null, version: number): Promise<string | null> => {
    const key = `${linkId}|${buyerTeamId ?? ''}`;
    const known = latest.get(key);
    if (known && known.version >= version) return known.json;
    const json = menus.answer(services, linkId, buyerTeamId).then(
      (answer) => answer.json,
      () => null,
    );
    latest.set(key, { version, json });
    return json;
  };

  return new Hono<AppEnv>()
    .post('/public/menu/:publicLinkId/events/ticket', allow('buyer'), async (c) => {
      const services = c.get('services');
      const linkId = c.req.param('publicLinkId');
      // A link that shows nothing is a 404 here too.
      await menus.guests.answer(services, linkId);
      return c.json({ ticket: await ticketFor(services, sessionOf(c), ticketAudience(linkId), TICKET_VALID_MS) });
    })
    .get('/public/menu/:publicLinkId/events', open, async (c) => {
      const services = c.get('services');
      const linkId = c.req.param('publicLinkId');
      const buyerTeamId = await viewerOf(services, c.get('session'), c.req.query('ticket'), linkId);
      // An unknown link is a 404 like the menu itself.
      const { menuId } = await menus.guests.answer(services, linkId);
      const release = slots.take(c.get('clientAddress'), menuId);
      const lastEventId = Number(c.req.header('last-event-id') ?? c.req.query('lastEventId') ?? Number.NaN);
      c.header('Cache-Control', 'no-cache, no-transform');
      c.header('X-Accel-Buffering', 'no');

      return streamSSE(c, async (stream) => {
        let closed = false;
        let queue = Promise.resolve();
        const send = (version: number) => {
          queue = queue.then(() =>
            closed
              ? undefined
              : sendMenu(stream, menuAt(services, linkId, buyerTeamId, version), version).then((alive) => {
                  if (!alive) close();
                }),
          );
        };
        let done = () => {};
        const ended = new Promise<void>((resolve) => (done = resolve));
        const unsubscribe = services.live.subscribe(menuId, (change) => send(change.version));
        const heartbeat = setInterval(() => void stream.write(': heartbeat\n\n').catch(close), heartbeatMs);
        const close = () => {
          if (closed) return;
          closed = true;
          unsubscribe();
          clearInterval(heartbeat);
          release();
          done();
        };
        stream.onAbort(close);

        // However the stream ends (the client leaves, the menu goes, a query fails), its place is given back.
        try {
          const version = services.live.version;
          await stream.writeSSE({ event: 'ready', id: String(version), retry: RETRY_MS, data: JSON.stringify({ version }) });
          const resuming = Number.isSafeInteger(lastEventId) && lastEventId >= 0;
          // A first connection gets the menu as it is now: whatever changed since the page fetched it is not missed.
          if (!resuming || (lastEventId < version && (await menuChangedSince(services.db.read, menuId, lastEventId)))) send(version);
          await ended;
          await queue;
        } finally {
          close();
        }
      });
    });
}

/** Sends the menu as it is now; false when it is gone (and says so). */
async function sendMenu(stream: SSEStreamingApi, menu: Promise<string | null>, version: number): Promise<boolean> {
  const json = await menu;
  if (json === null) {
    await stream.writeSSE({ event: 'gone', id: String(version), data: '{}' });
    return false;
  }
  await stream.writeSSE({ event: 'menu', id: String(version), data: json });
  return true;
}
