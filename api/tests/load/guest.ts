/**
 * A guest reading public menus as a browser does: it accepts gzip, keeps the
 * visitor cookie the server hands it, and, when it revalidates, asks with the
 * ETag of the copy it already has.
 */
import { VISITOR_COOKIE } from '../../analytics/visitor';
import type { Tally } from './tally';
import type { TimedClient } from './timed-client';

export class Guest {
  private cookie: string | undefined;
  /** The ETag of each menu this guest holds a copy of, by link id. */
  private readonly copies = new Map<string, string>();

  constructor(private readonly revalidates: boolean) {}

  /** One read: a 200 must come compressed with an ETag; a 304 only answers an If-None-Match. */
  async read(client: TimedClient, tally: Tally, publicLinkId: string): Promise<void> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    const etag = this.revalidates ? this.copies.get(publicLinkId) : undefined;
    if (etag) headers['if-none-match'] = etag;
    try {
      const answer = await client.send('GET', `/api/public/menu/${publicLinkId}`, { headers });
      tally.reads.add(answer.ms);
      this.cookie ??= answer.headers['set-cookie']?.find((cookie) => cookie.startsWith(`${VISITOR_COOKIE}=`))?.split(';')[0];
      if (answer.status === 304 && etag) {
        tally.notModified += 1;
      } else if (answer.status === 200 && answer.headers['content-encoding'] === 'gzip' && answer.headers.etag) {
        this.copies.set(publicLinkId, answer.headers.etag);
      } else {
        throw new Error(
          `${answer.status} (${answer.headers['content-encoding'] ?? 'uncompressed'}, ETag ${answer.headers.etag ?? 'none'}) ${answer.body.toString().slice(0, 200)}`,
        );
      }
    } catch (error) {
      tally.errors.add('public menu read', error);
    }
  }
}
