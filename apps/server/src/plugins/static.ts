import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** apps/web/dist, found from both src/ (tsx) and dist/ (bundled) of the server. */
export const WEB_DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Serves the built SPA's files; returns index.html for the SPA fallback, or null when there is no build. */
export async function registerStatic(app: FastifyInstance, webDistDir = WEB_DIST_DIR): Promise<Buffer | null> {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`no web build at ${webDistDir}: run "npm run build" to serve the app`);
    return null;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of every asset: sent to browsers that accept them, never compressed per request.
    preCompressed: true,
    setHeaders(res, filePath) {
      // Vite's hashed assets never change; index.html must always be revalidated.
      res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return fs.readFileSync(indexFile);
}
