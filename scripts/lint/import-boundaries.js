/**
 * The layers' import rules, checked on the resolved path of every relative
 * import (a feature reaches another as `../menus/...` as easily as through
 * `../../features/menus/...`, so matching the written specifier would miss it):
 * - a feature (app/features/<x>) imports no other feature;
 * - app/widgets (the product's own pieces shared by features: the cart, the
 *   menu view, the product form, the app's frame), app/components (the
 *   product-blind kit: buttons, dialogs, page parts) and app/lib, shared by
 *   every feature, import no feature; the kit and app/lib import no widget;
 * - sync/, shared by the app and the server, imports neither app/ nor api/;
 * - app/ imports nothing from api/, its tests neither: the device and the server
 *   meet only through sync/'s contract, and tests that run the app against the
 *   real server live in api/tests/ (api/tests/device/, api/tests/support/);
 * - api/ imports nothing from app/ but in its one server-drawn page entry
 *   (`serverRenderEntries`), which renders the app's public menu;
 * - api/platform (http, Redis, background senders, limits) and api/db (the
 *   engines, schema and repositories) import no domain code of api/: they are
 *   what the resources stand on, never the other way round. Their tests may
 *   use api/testing, which stands above everything.
 */
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

function layerOf(absolutePath) {
  const relative = path.relative(ROOT, absolutePath).split(path.sep);
  if (relative[0] === '..') return null;
  const [top, second, third] = relative;
  if (top === 'app' && second === 'features' && third) return { area: 'feature', feature: third };
  if (top === 'app' && (second === 'components' || second === 'lib' || second === 'widgets')) return { area: `app/${second}` };
  if (top === 'app') return { area: 'app' };
  if (top === 'api' && (second === 'platform' || second === 'db')) return { area: `api/${second}` };
  // The settings, read once at start: every layer of the server may take them.
  if (top === 'api' && (second === 'env' || second === 'env.ts')) return { area: 'api/env' };
  if (top === 'api' || top === 'sync') return { area: top };
  return { area: 'other' };
}

function isTest(fileFromRoot) {
  return /\.test\.tsx?$/.test(fileFromRoot);
}

function violation(from, to, fileFromRoot, serverRenderEntries) {
  if (from.area === 'feature' && to.area === 'feature' && from.feature !== to.feature) {
    return `The feature '${from.feature}' imports the feature '${to.feature}': features never import each other; move what both need to app/components or app/lib.`;
  }
  if ((from.area === 'app/components' || from.area === 'app/lib' || from.area === 'app/widgets') && to.area === 'feature') {
    return `${from.area} is shared by every feature and imports none ('${to.feature}' here): pass what it needs in as props or arguments.`;
  }
  if ((from.area === 'app/components' || from.area === 'app/lib') && to.area === 'app/widgets') {
    return `${from.area} knows nothing of the product's own pieces (app/widgets): pass what it needs in as props or arguments.`;
  }
  if (from.area === 'sync' && (to.area.startsWith('api') || to.area.startsWith('app') || to.area === 'feature')) {
    return `sync/ is shared by the app and the server and imports neither app/ nor api/.`;
  }
  if ((from.area.startsWith('app') || from.area === 'feature') && to.area.startsWith('api')) {
    return `app/ never imports api/: the device and the server share only sync/; a test that runs the app against the server lives in api/tests/.`;
  }
  if ((from.area === 'api/platform' || from.area === 'api/db') && to.area === 'api' && !isTest(fileFromRoot)) {
    return `${from.area} is what the server's resources stand on and imports none of them: pass what it needs in, or move the shared part down.`;
  }
  if (from.area.startsWith('api') && (to.area.startsWith('app') || to.area === 'feature') && !serverRenderEntries.includes(fileFromRoot)) {
    return `api/ imports from app/ only in its server-drawn page entry (${serverRenderEntries.join(', ')}).`;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep features, shared app parts, sync/ and api/ within their import boundaries.' },
    schema: [
      {
        type: 'object',
        properties: { serverRenderEntries: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const serverRenderEntries = context.options[0]?.serverRenderEntries ?? [];
    const filename = context.filename;
    const from = layerOf(filename);
    if (!from || from.area === 'other') return {};
    const fileFromRoot = path.relative(ROOT, filename).split(path.sep).join('/');

    function check(node, source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const to = layerOf(path.resolve(path.dirname(filename), source.value));
      if (!to) return;
      const message = violation(from, to, fileFromRoot, serverRenderEntries);
      if (message) context.report({ node: source, message });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { rules: { 'import-boundaries': rule } };
