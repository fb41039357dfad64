/** `npm run bench`: runs every benchmark and prints its figures. */
import { benchPhotoCompressionReport } from './photo-compression.bench';
import { benchPublicMenuApi } from './public-menu-api.bench';
import { benchRouteJavaScript } from './route-javascript';
import { benchSync } from './sync.bench';

await benchSync();
await benchPublicMenuApi();
benchRouteJavaScript();
await benchPhotoCompressionReport();
