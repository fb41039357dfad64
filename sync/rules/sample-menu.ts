/**
 * The demo menu the landing page links to by its short address, `/menu/sample`.
 * The server and a seller's device both read the alias as this link, so it
 * opens wherever the link itself opens.
 */

/** The link id of the demo menu that `/menu/sample` shows. */
export const SAMPLE_MENU_LINK_ID = '5a3b1e00-0000-4000-8000-000000000001';

/** The menu link an address names: the link itself, or the sample menu's for its alias. */
export function menuLinkIdOf(requested: string): string {
  return requested === 'sample' ? SAMPLE_MENU_LINK_ID : requested;
}
