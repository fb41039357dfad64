/** The order's invoice as a PDF file: fetched with the person's token (a plain link would not carry it) and saved under the invoice's number, as the server names it. */
import type { Order } from '../../../sync/entities/order';
import { ApiError, authHeaders, fetchFromServer } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';

export async function downloadInvoice(order: Pick<Order, 'id' | 'number'>): Promise<void> {
  const response = await fetchFromServer(`/api/orders/${encodeURIComponent(order.id)}/invoice.pdf`, { headers: authHeaders() });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  downloadFile(`INV-${order.number}.pdf`, await response.blob());
}
