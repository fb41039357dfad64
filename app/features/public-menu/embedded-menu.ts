/**
 * The menu the server rendered a page with, handed to the page's first render
 * so hydration draws exactly what the server drew. The server passes it
 * through the context; in the browser it comes from the page's
 * non-executable JSON script (a strict script policy allows no inline code).
 */
import { createContext } from 'react';
import type { PublicMenu } from '../../../sync/entities/public-menu';

export const EMBEDDED_MENU_ELEMENT_ID = 'public-menu-data';

/** `menu` is null when the server found no menu for the link (unknown, regenerated or expired): the page says Menu Not Found. */
export type EmbeddedMenu = { publicLinkId: string; menu: PublicMenu | null };

export const EmbeddedMenuContext = createContext<EmbeddedMenu | null>(null);

/** JSON that is safe inside a script element: no '<' can close it, and no line separator trips an old parser. */
export function embeddedMenuJson(embedded: EmbeddedMenu): string {
  return JSON.stringify(embedded)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

let fromPage: EmbeddedMenu | null | undefined;

/** The menu written into this page by the server, read once; null when the page came without one (the app shell). */
export function readEmbeddedMenu(): EmbeddedMenu | null {
  if (fromPage !== undefined) return fromPage;
  const text = typeof document === 'undefined' ? null : document.getElementById(EMBEDDED_MENU_ELEMENT_ID)?.textContent;
  try {
    fromPage = text ? (JSON.parse(text) as EmbeddedMenu) : null;
  } catch {
    fromPage = null;
  }
  return fromPage;
}
