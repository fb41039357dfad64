/** `npm run bench`: runs every benchmark and prints its figures. */
import { benchLighthouse } from './lighthouse.bench';
import { benchMenuPage } from './menu-page.bench';
import { benchAdminCustomers } from './admin-customers.bench';
import { benchApiProcesses } from './api-processes.bench';
import { benchInsights } from './insights.bench';
import { benchPhotoCompressionReport } from './photo-compression.bench';
import { benchPublicMenuApi } from './public-menu-api.bench';
import { benchRouteJavaScript } from './route-javascript';
import { benchSellersAndGuests } from './sellers-and-guests.bench';
import { benchSync } from './sync.bench';

await benchSync();
await benchPublicMenuApi();
await benchApiProcesses();
await benchSellersAndGuests();
await benchMenuPage();
await benchInsights();
benchRouteJavaScript();
await benchPhotoCompressionReport();
await benchLighthouse();
await benchAdminCustomers();
