/** The screens of this feature (see app/lib/feature-route.ts). */
import type { FeatureRoute } from '../../lib/feature-route';
import { HomePage } from './home-page';

export const ROUTES: FeatureRoute[] = [
  { path: '/', Page: HomePage },
  { path: '/our-story', load: async () => (await import('./our-story-page')).OurStoryPage },
];
