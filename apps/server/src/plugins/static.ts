import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** apps/web/dist, found from both src/ (tsx) and dist/ (bundled) of the server. */
export const WEB_DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Serves the built SPA; any non-API GET falls back to index.html so the client router decides. */
export async function registerStatic(app: FastifyInstance, webDistDir = WEB_DIST_DIR) {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`no web build at ${webDistDir}: run "npm run build" to serve the app`);
    return;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      // Vite's hashed assets never change; index.html must always be revalidated.
      res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const html = fs.readFileSync(indexFile);
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    if (request.method === 'GET' && !pathname.startsWith('/api/') && pathname !== '/api') {
      return reply.type('text/html').header('Cache-Control', 'no-cache').send(html);
    }
    return reply.status(404).send({ error: `No route for ${request.method} ${pathname}` });
  });
}
