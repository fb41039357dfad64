/**
 * Open Graph and Twitter tags for a shared menu link, written into the app's
 * HTML by the server, so a link pasted into a text message or a chat shows
 * the menu's name, description and first photo. Chat apps do not run the
 * app's JavaScript, so the tags cannot come from the page itself.
 */
import { PRODUCT_NAME } from '../../sync/contract/constants';
import type { PublicMenu } from '../../sync/entities/public-menu';

const DESCRIPTION_LENGTH = 200;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function absolute(url: string, origin: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The tags for the menu at `pageUrl`, its own address under APP_URL (see page-url). */
export function linkPreviewTags(menu: PublicMenu, pageUrl: string): string {
  const origin = new URL(pageUrl).origin;
  const seller = menu.seller.businessName?.trim() || 'Cannabis Supplier';
  const title = `${menu.menu.name} · ${seller}`;
  const summary = menu.menu.description?.trim() || `Wholesale menu from ${seller}: ${menu.products.length} products.`;
  const description = summary.length > DESCRIPTION_LENGTH ? `${summary.slice(0, DESCRIPTION_LENGTH - 1)}…` : summary;
  const image = menu.products.find((product) => product.photoUrl)?.photoUrl;
  const tags: Array<[string, string, string]> = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', PRODUCT_NAME],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', pageUrl],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'description', description],
  ];
  if (image) {
    const imageUrl = absolute(image, origin);
    tags.push(['property', 'og:image', imageUrl], ['name', 'twitter:image', imageUrl]);
  }
  const metaTags = tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`).join('\n    ');
  return `<title>${escapeHtml(title)}</title>\n    <link rel="canonical" href="${escapeHtml(pageUrl)}" />\n    ${metaTags}`;
}

/** The app's index page with the menu's title and tags in place of the generic ones. */
export function withLinkPreview(indexHtml: string, menu: PublicMenu, pageUrl: string): string {
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', `    ${linkPreviewTags(menu, pageUrl)}\n  </head>`);
}
