/**
 * The PWA build. The service worker precaches the app shell (HTML, JS, CSS,
 * icons) so the app opens with no network; API answers and photos are never
 * precached: the signed-in user's data lives in IndexedDB. A new version
 * waits for the person's word (registerType 'prompt') so an update never
 * reloads the page under them.
 */
import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8')) as Partial<ManifestOptions>;
const apiPort = process.env.API_PORT ?? '3000';

export default defineConfig({
  root: 'app',
  publicDir: 'public',
  build: {
    outDir: '../dist/app',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [
            // React and its DOM renderer go together: every page needs both, and one file compresses better than the
            // handful of small ones they would otherwise be split into.
            // The helper that loads a chunk with its imports, used by the entry: in a file of its own, or the entry
            // would import (and so evaluate, in its own first task) whichever larger chunk held it.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 4 },
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store)[\\/]/, priority: 3 },
            // The router comes with the whole app; a guest's first page (a shared menu) loads it only to leave.
            { name: 'router', test: /[\\/]node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 2 },
            // A guest's first page and everything it imports, in one file: a busy phone pays for each file in a
            // request and a task, so the menu is taken over from one instead of the dozens it would be split into.
            { name: 'first-page', test: /[\\/]app[\\/]first-page-app\.tsx$/, priority: 1 },
            // What a page loads once idle (the service worker's registration, the install and storage prompts): one file.
            { name: 'pwa-prompts', test: /[\\/]app[\\/]features[\\/]pwa[\\/]pwa-prompts\.tsx$/ },
          ],
        },
      },
    },
  },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      includeAssets: ['icons/*.png', 'favicon.svg'],
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        globIgnores: ['sw-background-sync.js', 'sw-api-routes.js', 'sw-push.js'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//],
        cleanupOutdatedCaches: true,
        importScripts: ['/sw-background-sync.js', '/sw-api-routes.js', '/sw-push.js'],
        // A public menu someone opened stays readable offline: the network first, the last copy when there is none.
        runtimeCaching: [
          {
            // Uploaded files never change under their name (it is their hash): keep what was seen for offline.
            urlPattern: ({ url }) => url.pathname.startsWith('/uploads/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'uploads',
              expiration: { maxEntries: 500, maxAgeSeconds: 60 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Not the live event stream: caching a response that never ends keeps the worker busy for as long as the
            // menu is open, and a new version waits for it (the page stuck on 'Reloading…').
            urlPattern: ({ url }) => url.pathname.startsWith('/api/public/menu/') && !url.pathname.endsWith('/events'),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'public-menus',
              networkTimeoutSeconds: 6,
              expiration: { maxEntries: 100, maxAgeSeconds: 60 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
              plugins: [
                {
                  // The copy answers only when the network did not, and says so: its age cannot tell (one stored a
                  // moment ago looks fresh). Written out in full, as the build copies this function into the worker.
                  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
                    if (!cachedResponse) return cachedResponse;
                    const headers = new Headers(cachedResponse.headers);
                    headers.set('X-Saved-Copy', '1');
                    return new Response(cachedResponse.body, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
                  },
                },
              ],
            },
          },
        ],
        clientsClaim: true,
      },
    }),
  ],
  server: { proxy: { '/api': `http://localhost:${apiPort}`, '/uploads': `http://localhost:${apiPort}` } },
});
