/** `npm run bench`: runs every benchmark and prints its figures. */
import { benchPublicMenuApi } from './public-menu-api.bench';
import { benchRouteJavaScript } from './route-javascript';
import { benchSync } from './sync.bench';

await benchSync();
await benchPublicMenuApi();
benchRouteJavaScript();
