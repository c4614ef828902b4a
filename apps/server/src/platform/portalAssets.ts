import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Vite names every file under assets/ after a hash of its content: a new build, a new name. */
const HASHED_ASSET = /^assets[\\/]/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and other unhashed files: kept, but asked again (ETag → 304) on every visit. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built portal (issue 12): the brotli or gzip copy the build wrote beside each file
 * (scripts/precompress.mjs) as the browser's Accept-Encoding allows, hashed assets cached for a
 * year, everything else revalidated so a new build shows on the next load.
 */
export async function registerPortalAssets(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    // One catch-all route: a route per file (1,000 with the compressed copies) took 0.3–0.7 s of
    // start-up (issue 12). Dotfiles stay unserved, as when only the files found were routed.
    wildcard: true,
    dotfiles: 'ignore',
    preCompressed: true,
    cacheControl: false,
    setHeaders(response, filePath) {
      response.header('cache-control', HASHED_ASSET.test(path.relative(webDist, filePath)) ? IMMUTABLE : REVALIDATE);
    },
  });
}
