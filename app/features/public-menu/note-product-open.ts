/**
 * Tells the seller's insights that a product's photos or lab results were
 * opened. Fire and forget: it never delays the viewer, and an opening made
 * with no network is simply not counted.
 */
import { TOKEN_KEY } from '../../lib/session-storage-keys';

export function noteProductOpen(publicLinkId: string, productId: string): void {
  // Who is looking, when someone is signed in: the seller's own openings are not counted.
  const token = localStorage.getItem(TOKEN_KEY);
  void fetch(`/api/public/menu/${encodeURIComponent(publicLinkId)}/products/${encodeURIComponent(productId)}/open`, {
    method: 'POST',
    keepalive: true,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  }).catch(() => undefined);
}
