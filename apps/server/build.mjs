// Bundles the server into dist/: our own workspace packages (TypeScript sources) are bundled in,
// every npm dependency stays external and is loaded from node_modules at run time.
import { build } from 'esbuild';

const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@hookline/') ? undefined : { path: args.path, external: true }));
  },
};

await build({
  entryPoints: [
    'src/main.ts',
    'src/cli.ts',
    'src/demo.ts',
    'src/worker.ts',
    // The clipper's face detector runs in a worker thread started from the bundle: dist/face-detector-worker.js.
    { in: 'src/modules/clipper/pipeline/face-detector-worker.ts', out: 'face-detector-worker' },
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  plugins: [externalNpmPackages],
  logLevel: 'warning',
});
