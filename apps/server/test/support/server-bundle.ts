import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

export type ServerEntry = 'main' | 'cli' | 'worker';

const SERVER = path.resolve(import.meta.dirname, '../..');
/** Beside apps/server/dist in the tree, so the bundle finds the same node_modules as the production build. */
const CACHE = path.join(SERVER, 'node_modules/.cache/hookline-test-bundles');

/** As in build.mjs: our workspace packages are bundled in, npm dependencies are loaded from node_modules. */
const externalNpmPackages: Plugin = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@hookline/') ? undefined : { path: args.path, external: true }));
  },
};

let bundled: Promise<string> | null = null;

/** Test workers are not always given the chance to clean up at exit: bundles of earlier runs go here. */
function removeStaleBundles() {
  const staleBefore = Date.now() - 60 * 60_000;
  for (const name of fs.readdirSync(CACHE)) {
    const dir = path.join(CACHE, name);
    if (fs.statSync(dir).mtimeMs < staleBefore) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Bundles the current sources of the server's entry points (main, cli, and worker when it exists)
 * the way `npm run build` does, once per test process, and answers the folder holding
 * {entry}.js. Tests that need a real server process use it because the integration projects run
 * before the build, and because a bundle starts about twice as fast as the sources under tsx.
 */
export function bundleServer(): Promise<string> {
  bundled ??= (async () => {
    fs.mkdirSync(CACHE, { recursive: true });
    removeStaleBundles();
    const outdir = fs.mkdtempSync(path.join(CACHE, 'bundle-'));
    const entries = ['main', 'cli', 'worker'].map((name) => path.join(SERVER, 'src', `${name}.ts`)).filter((file) => fs.existsSync(file));
    await build({
      entryPoints: entries,
      outdir,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      sourcemap: true,
      plugins: [externalNpmPackages],
      logLevel: 'warning',
    });
    return outdir;
  })();
  return bundled;
}
