// Page weight budgets (`npm run size` after `npm run build`), gzipped, as docs/performance.md states.
// Vite's manifest (dist/.vite/manifest.json) gives each chunk's static imports; the chunks' source
// maps say which source modules each one holds. A page's initial JavaScript is the entry plus the
// chunks its first render needs, each with every chunk it imports statically.
import fs from 'node:fs';
import path from 'node:path';

const DIST = path.join(import.meta.dirname, 'dist');
const MANIFEST = path.join(DIST, '.vite/manifest.json');
if (!fs.existsSync(MANIFEST)) throw new Error(`no ${path.relative(process.cwd(), MANIFEST)}: run "npm run build" first`);

/** @type {Record<string, { file: string; imports?: string[] }>} */
const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8'));
const chunks = Object.entries(manifest).filter(([, chunk]) => chunk.file.endsWith('.js'));

/** The source modules in a chunk, as paths relative to apps/web ("src/app/app.tsx", "../../node_modules/..."). */
function modulesOf(file) {
  const mapFile = path.join(DIST, `${file}.map`);
  if (!fs.existsSync(mapFile)) return []; // the bundler's own runtime has no map
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
  return map.sources.map((source) => path.relative(import.meta.dirname, path.resolve(DIST, path.dirname(file), source)));
}
const modules = new Map(chunks.map(([key, chunk]) => [key, modulesOf(chunk.file)]));

/** The manifest key of the chunk holding a source module (lazy pages are keyed by it; shared chunks are not). */
function chunkHolding(source) {
  const key = [...modules].find(([, sources]) => sources.includes(source))?.[0];
  if (!key) throw new Error(`no chunk holds ${source}: was it renamed? (apps/web/.size-limit.mjs)`);
  return key;
}

/** The chunks holding these modules (or the entry, "index.html"), with everything they import statically. */
function load(...sources) {
  const keys = new Set();
  const visit = (key) => {
    if (keys.has(key)) return;
    keys.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source === 'index.html' ? source : chunkHolding(source));
  return keys;
}

const minus = (set, ...others) => new Set([...set].filter((key) => !others.some((other) => other.has(key))));
const files = (keys) => [...keys].map((key) => `dist/${manifest[key].file}`).sort();

/** Fails the check when a chunk in `keys` holds a module under one of `folders`. */
function assertLeftOut(keys, folders, page) {
  for (const key of keys) {
    const found = modules.get(key).find((source) => folders.some((folder) => source.startsWith(folder)));
    if (found) throw new Error(`${page} loads ${found} (in ${manifest[key].file}); it must stay in a chunk of its own`);
  }
}

// What any page needs once it has rendered: the session (Better Auth client) and the query cache.
const APP_SERVICES = ['src/lib/auth/auth-client.ts', 'src/app/query-client.ts', 'src/app/brand-hue.tsx'];

const landing = load('index.html');
const landingAfterPaint = minus(load(...APP_SERVICES), landing);
const dashboard = load(
  'index.html',
  ...APP_SERVICES,
  'src/app/shells/dashboard-shell.tsx',
  'src/features/dashboard-overview/routes/overview-page.tsx',
);
const admin = load('index.html', ...APP_SERVICES, 'src/app/shells/admin-shell.tsx', 'src/features/admin/routes/overview-page.tsx');
const clipper = minus(load('src/features/clipper/routes/video-clipper-page.tsx'), dashboard);
const charts = minus(load('src/components/charts/bar-plot.tsx'), dashboard);

const LAZY_AREAS = ['src/features/admin/', 'src/app/shells/admin-shell.tsx', 'src/features/clipper/'];
assertLeftOut(landing, [...LAZY_AREAS, 'src/app/shells/dashboard-shell.tsx', 'src/features/dashboard-overview/'], 'The landing page');
assertLeftOut(dashboard, LAZY_AREAS, 'The dashboard');
assertLeftOut(new Set([...landing, ...dashboard]), ['../../node_modules/recharts/'], 'The landing page or the dashboard');

// tailwind-merge (about 9 KB, in every page through `cn`) raised the landing and dashboard budgets
// by 10 KB each: conflicting classes now resolve the same way everywhere (ADR 049).
export default [
  { name: 'Landing page: initial JS (entry and its static imports)', path: files(landing), limit: '110 KB', gzip: true },
  { name: 'Landing page: loaded after first paint (session, settings)', path: files(landingAfterPaint), limit: '30 KB', gzip: true },
  // Channel and status constants live apart from the zod contracts (packages/shared/src/channels.ts),
  // so the dashboard's first load carries no zod: the budget came down from 180 KB to keep it so.
  { name: 'Dashboard overview: initial JS (all it loads but the chart)', path: files(dashboard), limit: '165 KB', gzip: true },
  { name: 'Admin overview: initial JS (all it loads but the chart)', path: files(admin), limit: '170 KB', gzip: true },
  { name: 'Video clipper: its own chunks, loaded when visited', path: files(clipper), limit: '25 KB', gzip: true },
  { name: 'Charts (Recharts): loaded after their page renders', path: files(charts), limit: '110 KB', gzip: true },
];
