import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** One route as the app registered it: method and URL as Fastify spells them (`/api/drafts/:id`). */
export interface RegisteredRoute {
  method: string;
  url: string;
  options: RouteOptions;
}

export const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

/**
 * Runs `build` and collects every route the Fastify instance it creates registers, through
 * Fastify's own `fastify.initialization` diagnostics channel: the listener adds an `onRoute` hook
 * to the new instance before any plugin runs, so nothing is parsed and nothing in the app changes.
 * The HEAD routes Fastify adds for every GET are left out.
 */
export async function collectRoutes<T>(build: () => Promise<T>): Promise<{ result: T; routes: RegisteredRoute[] }> {
  const routes: RegisteredRoute[] = [];
  const channel = diagnostics.channel('fastify.initialization');
  let instances = 0;
  const onInit = (message: unknown) => {
    instances += 1;
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (options) => {
      for (const method of [options.method].flat()) routes.push({ method: method.toUpperCase(), url: options.url, options });
    });
  };
  channel.subscribe(onInit);
  let result: T;
  try {
    result = await build();
  } finally {
    channel.unsubscribe(onInit);
  }
  if (instances !== 1) throw new Error(`expected one Fastify instance to be built, saw ${instances}`);
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
  return { result, routes: routes.filter((r) => !(r.method === 'HEAD' && gets.has(r.url))) };
}
