/**
 * How this device shows a menu's products: large cards, or a compact list
 * (about six products a screen on a phone instead of one). A setting of the
 * device, not of the person, so it lives in localStorage and outlives sign-out.
 *
 * The server draws shared menus as cards, so the first render (which takes
 * that page over) reads 'cards' too and a device that chose the list switches
 * right after, rather than failing to match the drawn page.
 */
import { useSyncExternalStore } from 'react';

export const MENU_LAYOUTS = ['cards', 'list'] as const;
export type MenuLayout = (typeof MENU_LAYOUTS)[number];

export const MENU_LAYOUT_KEY = 'menu-layout';
const DRAWN_LAYOUT: MenuLayout = 'cards';
const listeners = new Set<() => void>();
/** The choice when storage refuses it (private mode), for as long as the page is open. */
let unstoredChoice: MenuLayout = DRAWN_LAYOUT;

export function readMenuLayout(stored: string | null): MenuLayout {
  return stored === 'list' ? 'list' : DRAWN_LAYOUT;
}

function storedLayout(): MenuLayout {
  try {
    return readMenuLayout(localStorage.getItem(MENU_LAYOUT_KEY));
  } catch {
    return unstoredChoice;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice applies here too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function chooseMenuLayout(layout: MenuLayout): void {
  unstoredChoice = layout;
  try {
    localStorage.setItem(MENU_LAYOUT_KEY, layout);
  } catch {
    // Storage refused (private mode, full): the choice still holds for this page.
  }
  for (const listener of listeners) listener();
}

export function useMenuLayout(): MenuLayout {
  return useSyncExternalStore(subscribe, storedLayout, () => DRAWN_LAYOUT);
}
