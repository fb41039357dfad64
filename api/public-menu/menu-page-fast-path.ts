/**
 * A shared menu's page written straight from Node's request to Node's
 * answer, ahead of the framework. A menu link goes out in a newsletter and
 * thousands open it at once: the page is the same bytes for all of them
 * until the menu changes, and the framework's routing and middleware cost
 * twice what writing those bytes does. So a page the app has already drawn,
 * and that is still current, is written here with the headers the app last
 * answered such a page with (its security policies among them); anything
 * else (a first visit, a changed menu, a HEAD, an unknown link) goes through
 * the app, which draws it and teaches this path its headers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { menuViewSearch, readMenuView } from '../../sync/rules/menu-view-choice';
import { newVisitorCookie } from '../analytics/record-menu-view';
import { keptAnswer } from '../platform/http/kept-answer';
import { nodeHeader } from '../platform/http/request-headers';
import type { Services } from '../context';
import type { MenuPageCache } from './menu-page-cache';
import { menuPageUrl } from './page-url';

const MENU_PAGE_PATH = /^\/menu\/([^/?#]+)(\?[^#]*)?$/;
/** What differs between two answers of the same page, or belongs to one connection: written here for each answer. */
export const OWN_HEADERS = new Set(['content-length', 'content-encoding', 'etag', 'set-cookie', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Whether a request may be a menu page's: cheap enough to ask of every request before anything else. */
export function isMenuPageRequest(request: IncomingMessage): boolean {
  return request.method === 'GET' && request.url?.startsWith('/menu/') === true;
}

export class MenuPageFastPath {
  private learned: { shell: string; headers: Record<string, string> } | null = null;

  constructor(
    private readonly pages: MenuPageCache,
    private readonly services: Services,
    private readonly indexHtml: () => string,
  ) {}

  /** Remembers the headers of a page answer the app just sent (less the answer's own), for the shell it was drawn in. */
  learnHeaders(shell: string, headers: Headers): void {
    const kept: Record<string, string> = {};
    headers.forEach((value, name) => {
      if (!OWN_HEADERS.has(name)) kept[name] = value;
    });
    this.learned = { shell, headers: kept };
  }

  /** Answers the request when it can; false leaves it to the app, untouched. */
  async serve(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    const match = isMenuPageRequest(request) ? MENU_PAGE_PATH.exec(request.url!) : null;
    const learned = this.learned;
    if (!match || !learned) return false;
    const shell = this.indexHtml();
    if (learned.shell !== shell) return false;

    const header = (name: string) => nodeHeader(request.headers, name);
    let linkId: string;
    try {
      linkId = decodeURIComponent(match[1]!);
    } catch {
      return false;
    }
    const page = await this.pages.drawn(this.services, linkId, menuPageUrl(this.services.env.APP_URL, linkId), shell, menuViewSearch(readMenuView(match[2] ?? '')));
    if (!page) return false;

    const answer = keptAnswer(page.html, page, { ifNoneMatch: header('if-none-match'), acceptEncoding: header('accept-encoding') });
    const headers: Record<string, string | string[]> = { ...learned.headers, ...answer.headers };
    // Node's own server here speaks plain HTTP: only a proxy in front of it can have taken HTTPS.
    const cookie = newVisitorCookie({ cookie: header('cookie'), userAgent: header('user-agent'), https: header('x-forwarded-proto') === 'https' });
    if (cookie) headers['Set-Cookie'] = cookie;
    if (answer.status === 304) {
      response.writeHead(304, headers).end();
      return true;
    }
    const body = typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body;
    headers['Content-Length'] = String(body.length);
    response.writeHead(200, headers).end(body);
    return true;
  }
}
