// The direction of sitegen's code, checked by dependency-cruiser in `npm test` (scripts/check-layers.mjs).
// docs/architecture.md draws it. Folders of src/ from the bottom up: a folder may import the floor
// and the folders listed before it, never one after it, and no two modules may import each other
// round in a circle. Adding a folder means placing it in LAYERS; an unplaced folder fails the check.

/** The floor: types, pure tables and small utilities every stage shares. Imports only itself. */
const FLOOR = ['model', 'errors', 'fs', 'format'];

/** The stages in pipeline order, then what wraps and drives them. */
const LAYERS = [
  'load', // site.yaml and every content file, read
  'images', // image facts (sizes, variants) and encoding
  'parse', // front matter, YAML, Markdown
  'parallel', // Markdown worker threads
  'validate', // schemas, references, messages
  'route', // pages, URLs, links
  'edge', // the edge document and the middleware that applies it
  'bundle', // templates, client runtime, edge functions compiled
  'render', // HTML, sitemaps, reports
  'search', // the search index of the rendered pages (Pagefind)
  'social', // a social image per indexable page (it runs before render, which names the images, but builds on render's titles and translator)
  'hosting', // each host target's files
  'emit', // the only stage that writes the output
  'pipeline', // what build.ts's stages share: the run's bookkeeping, the result, the render stage's whole output
  'incremental', // caches, stamps, page keys, reuse, the dev fast path
  'build-options.ts', // what a build is asked to do
  'build.ts', // the pipeline
  'check', // sitegen check: reads a built site
  'serve', // sitegen serve and dev
  'cli', // the commands
];

const folder = (name) => (name.endsWith('.ts') ? `src/${name.replace('.', '\\.')}$` : `src/${name}/`);
const anyOf = (names) => `^(${names.map(folder).join('|')})`;

/** The rules for a layout: a floor and the layers above it, bottom up. */
function rulesFor(FLOOR, LAYERS) {
  const floorRule = {
    name: 'floor-imports-floor',
    severity: 'error',
    comment: 'The model floor imports no stage: a type every stage shares cannot depend on one of them.',
    from: { path: anyOf(FLOOR) },
    to: { path: '^src/', pathNot: anyOf(FLOOR) },
  };

  const layerRules = LAYERS.map((layer, i) => ({
    name: `no-back-arrow-from-${layer.replace('.ts', '')}`,
    severity: 'error',
    comment: `${layer} may import the floor and ${LAYERS.slice(0, i).join(', ') || 'nothing else'}; what comes after it in the pipeline builds on it, not the other way round.`,
    from: { path: anyOf([layer]) },
    to: { path: '^src/', pathNot: anyOf([...FLOOR, ...LAYERS.slice(0, i + 1)]) },
  }));

  return [
    floorRule,
    ...layerRules,
    {
      name: 'unplaced-folder',
      severity: 'error',
      comment: 'Every folder of src/ has its place in FLOOR or LAYERS (.dependency-cruiser.cjs).',
      from: { path: '^src/', pathNot: anyOf([...FLOOR, ...LAYERS]) },
      to: {},
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other in a circle cannot be understood, tested or moved one at a time.',
      from: { path: '^(src|client|templates)/' },
      to: { circular: true },
    },
    {
      name: 'browser-code-imports-only-the-contract',
      severity: 'error',
      comment: 'client/ runs in the browser: of src/ it takes only the browser contract (src/model/browser-contract.ts) and the two pure text functions the edge and the browser must agree on (how a 404 path reads).',
      from: { path: '^client/' },
      to: { path: '^src/', pathNot: '^src/model/browser-contract\\.ts$|^src/format/(percent-decode|display-path)\\.ts$' },
    },
    {
      name: 'server-code-imports-no-browser-code',
      severity: 'error',
      comment: 'src/ never imports client/: what both need lives in src/model/browser-contract.ts.',
      from: { path: '^src/' },
      to: { path: '^client/' },
    },
    {
      name: 'templates-import-model-render-and-islands',
      severity: 'error',
      comment: 'Templates are pure functions of PageProps: they may use the model, the render helpers and image markup, and the client islands they hydrate.',
      from: { path: '^templates/' },
      to: { path: '^src/', pathNot: '^src/(model|render|images)/' },
    },
  ];
}

module.exports = {
  forbidden: rulesFor(FLOOR, LAYERS),
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};

// For scripts/check-layers.mjs (not enumerable: dependency-cruiser allows no other keys).
Object.defineProperty(module.exports, 'layers', { value: { FLOOR, LAYERS, rulesFor } });
