/** `npm run bench`: runs every benchmark and prints its figures; `npm run bench -- sync publicMenu` runs only those named. */
import { benchBusyPhone } from './busy-phone.bench';
import { benchDistributorPhone } from './distributor-phone.bench';
import { benchLighthouse } from './lighthouse.bench';
import { benchMenuPage } from './menu-page.bench';
import { benchAdminCustomers } from './admin-customers.bench';
import { benchApiProcesses } from './api-processes.bench';
import { benchInsights } from './insights.bench';
import { benchInvoicePdf } from './invoice-pdf.bench';
import { benchInvoicesBesideMenu } from './invoices-beside-menu.bench';
import { benchOrders } from './orders.bench';
import { benchPhotoCompressionReport } from './photo-compression.bench';
import { benchPublicMenuApi } from './public-menu-api.bench';
import { benchRouteJavaScript } from './route-javascript';
import { benchSellersAndGuests } from './sellers-and-guests.bench';
import { benchSync } from './sync.bench';

const benches: Record<string, () => unknown> = {
  sync: benchSync,
  publicMenu: benchPublicMenuApi,
  apiProcesses: benchApiProcesses,
  sellersAndGuests: benchSellersAndGuests,
  menuPage: benchMenuPage,
  insights: benchInsights,
  routeJavaScript: benchRouteJavaScript,
  photoCompression: benchPhotoCompressionReport,
  lighthouse: benchLighthouse,
  busyPhone: benchBusyPhone,
  adminAccounts: benchAdminCustomers,
  invoicePdf: benchInvoicePdf,
  invoicesBesideMenu: benchInvoicesBesideMenu,
  orders: benchOrders,
  distributorPhone: benchDistributorPhone,
};

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; choose among ${Object.keys(benches).join(', ')}`);
  process.exit(1);
}
for (const [name, bench] of Object.entries(benches)) {
  if (chosen.length === 0 || chosen.includes(name)) await bench();
}
