/**
 * Tells the seller's insights that a product's photos or lab results were
 * opened. Fire and forget: it never delays the viewer, and an opening made
 * with no network is simply not counted.
 */
import { authHeaders, fetchFromServer } from '../../lib/api-client';

export function noteProductOpen(publicLinkId: string, productId: string): void {
  void fetchFromServer(`/api/public/menu/${encodeURIComponent(publicLinkId)}/products/${encodeURIComponent(productId)}/open`, {
    method: 'POST',
    keepalive: true,
    // Who is looking, when someone is signed in: the seller's own openings are not counted.
    headers: authHeaders(),
  }).catch(() => undefined);
}
