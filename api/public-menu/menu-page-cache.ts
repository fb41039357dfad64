/**
 * Rendered menu pages, kept until the menu's answer changes: the answer comes
 * from the public menu cache (the same change clock as the API), so a page
 * is drawn again only when its menu, products or seller changed, and a visit
 * in between costs what the API's does. A rebuilt app shell draws it again too.
 */
import { BoundedMap } from '../platform/limits/bounded-map';
import type { Services } from '../context';
import { keepBody, type KeptBody } from '../platform/http/kept-answer';
import type { PublicMenu } from '../../sync/entities/public-menu';
import type { PublicMenuCache } from './public-menu-cache';

export type RenderedPage = KeptBody & { html: string };
type Entry = RenderedPage & { answerEtag: string; pageUrl: string; shell: string };
export type RenderPage = (shell: string, menu: PublicMenu, publicLinkId: string, pageUrl: string, viewSearch: string) => Promise<string>;

/** Pages kept, counting each filter and sort a menu was asked with (a menu has at most 35 of those). */
const MAX_ENTRIES = 2_000;

export class MenuPageCache {
  private readonly entries = new BoundedMap<string, Entry>(MAX_ENTRIES);

  constructor(
    private readonly menus: PublicMenuCache,
    private readonly render: RenderPage,
  ) {}

  /**
   * The page as last drawn for this address, while its menu has not changed;
   * null when it would have to be drawn (or the link shows nothing), which
   * is left to `page`.
   */
  async drawn(services: Services, publicLinkId: string, pageUrl: string, shell: string, viewSearch = ''): Promise<RenderedPage | null> {
    let answerEtag: string;
    try {
      answerEtag = (await this.menus.answer(services, publicLinkId)).etag;
    } catch {
      return null;
    }
    return this.current(`${publicLinkId}${viewSearch}`, answerEtag, pageUrl, shell);
  }

  /**
   * The page for a link, drawn with the filter and sort of `viewSearch` (the
   * canonical query of `menuViewSearch`, '' for the default); throws the
   * public menu's 404 for a link that shows nothing.
   */
  async page(services: Services, publicLinkId: string, pageUrl: string, shell: string, viewSearch = ''): Promise<RenderedPage> {
    const answer = await this.menus.answer(services, publicLinkId);
    const key = `${publicLinkId}${viewSearch}`;
    const cached = this.current(key, answer.etag, pageUrl, shell);
    if (cached) return cached;

    const html = await this.render(shell, JSON.parse(answer.json) as PublicMenu, publicLinkId, pageUrl, viewSearch);
    const entry: Entry = {
      answerEtag: answer.etag,
      pageUrl,
      shell,
      html,
      ...keepBody(html),
    };
    this.entries.set(key, entry);
    return entry;
  }

  /** The kept page under `key` if it was drawn from this answer, for this address and shell. */
  private current(key: string, answerEtag: string, pageUrl: string, shell: string): Entry | null {
    const cached = this.entries.get(key);
    return cached && cached.answerEtag === answerEtag && cached.pageUrl === pageUrl && cached.shell === shell ? cached : null;
  }
}
