import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, so the server
 * can send them as they are (@fastify/static `preCompressed`) instead of compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hookline-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle).filter((name) => /\.(js|css|html|svg|json)$/.test(name))) {
        const file = path.join(outDir, fileName);
        const source = fs.readFileSync(file);
        if (source.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    sourcemap: true,
    // Lets .size-limit.mjs follow each page's chunks (docs/performance.md).
    manifest: true,
    // zod's builders have no side effects: a page that takes one constant from a @hookline/shared
    // contract file then leaves out the file's unused schemas (and often zod with them).
    rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } },
  },
});
