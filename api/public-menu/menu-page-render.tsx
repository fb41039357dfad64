/**
 * A shared menu's page drawn on the server with the app's own components, so
 * a phone paints the menu (header, products, prices, photos) from the HTML
 * before any of the app's JavaScript arrives, and reads it with JavaScript
 * off. The menu goes along as non-executable JSON for the app to take the
 * page over (hydrate) without drawing it again.
 */
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { AppFrame } from '../../app/app-frame';
import { firstPageOf } from '../../app/first-page-routes';
import { FirstPageRouter } from '../../app/lib/first-page-router';
import { documentTitle } from '../../app/lib/document-title';
import type { PublicMenu } from '../../sync/entities/public-menu';
import { EMBEDDED_MENU_ELEMENT_ID, EmbeddedMenuContext, embeddedMenuJson, type EmbeddedMenu } from '../../app/features/public-menu/embedded-menu';
import { withLinkPreview } from './link-preview';
import { publicMenuViewPixelPath } from './public-menu-routes';

const EMPTY_ROOT = '<div id="root"></div>';

/** The app's markup for a menu's path, as the browser takes it over (a first page, without the router), with every lazily loaded part in place. */
export async function renderMenuMarkup(embedded: EmbeddedMenu, path: string): Promise<string> {
  const firstPage = firstPageOf(path.split('?', 1)[0]!);
  if (!firstPage) throw new Error(`${path} is not a page the server draws`);
  const router = (children: ReactNode) => (
    <FirstPageRouter location={path} params={firstPage.params}>
      {children}
    </FirstPageRouter>
  );
  const { prelude } = await prerenderToNodeStream(
    <EmbeddedMenuContext value={embedded}>
      <AppFrame router={router} routes={firstPage.Page} />
    </EmbeddedMenuContext>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}

const APP_ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;
/** Starts the app (its entry named in a meta tag) when the page needs it; a file, so the script policy stays strict. */
export const TAKE_OVER_SCRIPT_PATH = '/take-over-when-needed.js';

/**
 * The index page with the app started when the page needs it (the visitor's first touch, a signed-in visitor, a
 * change to the menu): its entry named for the loader instead of loaded at once, and no modules preloaded, so the
 * browser spends a slow network on the stylesheet and the photos, and a busy phone's main thread on the menu.
 */
export function startingAppWhenNeeded(indexHtml: string): string {
  return indexHtml
    .replace(MODULE_PRELOAD, '')
    .replace(APP_ENTRY_SCRIPT, (_script, entry: string) => `<meta name="app-entry" content="${entry}">\n    <script type="module" src="${TAKE_OVER_SCRIPT_PATH}"></script>`);
}

const embeddedData = (embedded: EmbeddedMenu) => `<script type="application/json" id="${EMBEDDED_MENU_ELEMENT_ID}">${embeddedMenuJson(embedded)}</script>`;

/** The app's index page holding the rendered menu (with the filter and sort `viewSearch` asks for), its JSON and its link preview tags. */
export async function renderMenuPage(indexHtml: string, embedded: EmbeddedMenu & { menu: PublicMenu }, pageUrl: string, viewSearch = ''): Promise<string> {
  const markup = await renderMenuMarkup(embedded, `/menu/${encodeURIComponent(embedded.publicLinkId)}${viewSearch}`);
  // With JavaScript the app's own request for the menu counts the view; without it, this image does (browsers fetch it only then).
  const noScriptView = `<noscript><img src="${publicMenuViewPixelPath(embedded.publicLinkId)}" alt="" width="1" height="1"></noscript>`;
  return withLinkPreview(startingAppWhenNeeded(indexHtml), embedded.menu, pageUrl).replace(
    EMPTY_ROOT,
    () => `<div id="root">${markup}</div>\n    ${embeddedData(embedded)}\n    ${noScriptView}`,
  );
}

/** A link id only for drawing the Menu Not Found card, which shows nothing of the link it answers. */
const ANY_LINK_ID = 'gone';

/** Which page of a link is asked for: the menu, or its printed sheet. */
export type MenuPageKind = 'menu' | 'print';

/**
 * The app's Menu Not Found card, the same for every link that shows nothing: drawn once per kind of page (so the app
 * takes over the page it is on as drawn), put in each such page by `menuNotFoundPage`.
 */
export function renderMenuNotFoundMarkup(kind: MenuPageKind): Promise<string> {
  return renderMenuMarkup({ publicLinkId: ANY_LINK_ID, menu: null }, kind === 'print' ? `/menu/${ANY_LINK_ID}/print` : `/menu/${ANY_LINK_ID}`);
}

/**
 * The index page for a link that shows nothing (unknown, regenerated,
 * expired): the card as the app draws it, titled so, and the link named in
 * the page's JSON so the app takes it over as it is.
 */
export function menuNotFoundPage(indexHtml: string, markup: string, publicLinkId: string): string {
  const title = `<title>${documentTitle('Menu Not Found')}</title>`;
  return startingAppWhenNeeded(indexHtml)
    .replace(/<title>[^<]*<\/title>/, () => title)
    .replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>\n    ${embeddedData({ publicLinkId, menu: null })}`);
}
