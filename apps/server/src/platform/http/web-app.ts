/**
 * Serves the built web app (Vite's `dist`) beside the API: the hashed assets with a year of
 * caching, their brotli/gzip copies made at build time when the client accepts them, and the
 * app shell (index.html, never cached without revalidation) for `/` and every other path the
 * client-side router owns. Unknown API paths and missing assets answer the 404 envelope; an API
 * path that exists with other methods, the 405 one.
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundBody } from './error-handler.ts';

/** Vite puts every content-hashed file here; a changed file gets a new name. */
const ASSETS_DIR = 'assets';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The shell and any other unhashed file: the browser revalidates (ETag) before each use. */
export const REVALIDATE = 'no-cache';
/** A path that names a file, not a page: a missing one is a 404, never the app shell. */
const FILE_PATH = /\.(js|mjs|css|map|json|txt|xml|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|br|gz)$/i;

/** Whether a file of the web app (absolute path) is a content-hashed asset. */
export function isHashedAsset(webDist: string, filePath: string): boolean {
  return relative(webDist, filePath).split(sep)[0] === ASSETS_DIR;
}

/**
 * Registers the web app when `webDist` holds a build, and the not-found handler in any case.
 * The files are looked up per request, so a rebuilt web app is served without a restart.
 */
export async function installWebApp(
  app: FastifyInstance,
  {
    webDist,
    apiPrefix,
    wrongMethod,
  }: {
    webDist: string;
    apiPrefix: string;
    /** Answers 405 for a path that exists with other methods (hardening.ts); false otherwise. */
    wrongMethod: (request: FastifyRequest, reply: FastifyReply) => boolean;
  },
): Promise<void> {
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      // '/' is the app shell.
      index: 'index.html',
      // `<file>.br` / `<file>.gz` beside the file, chosen by Accept-Encoding (Vary is set).
      preCompressed: true,
      // Build metadata (.vite/manifest.json) is not for browsers.
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders: (reply: FastifyReply, filePath: string) => {
        reply.header('cache-control', isHashedAsset(webDist, filePath) ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (wrongMethod(request, reply)) return reply;
    const path = request.url.split('?')[0];
    const isApi = path === apiPrefix || path.startsWith(`${apiPrefix}/`);
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !FILE_PATH.test(path);
    if (!hasWeb || isApi || !isPage || path.startsWith(`/${ASSETS_DIR}/`)) {
      return reply.status(404).send(notFoundBody());
    }
    // A deep link or a page of the client-side router: the app shell, which routes it.
    return reply.sendFile('index.html');
  });
}
