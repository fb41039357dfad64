/**
 * A shared menu page's own address, for its og:url, canonical link and the
 * absolute image addresses of its link preview: under APP_URL, never from the
 * request's Host or X-Forwarded-Host. The page is drawn once and kept for
 * every visitor, so a forged Host would otherwise be written into what all
 * of them (and every chat app's preview) get.
 */
export function menuPageUrl(appUrl: string, publicLinkId: string): string {
  return `${appUrl}/menu/${encodeURIComponent(publicLinkId)}`;
}
