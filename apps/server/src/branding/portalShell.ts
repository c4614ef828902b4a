import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeLocale } from '@cmp/contracts/locales';
import type { Database } from '../platform/db/database';
import { SESSION_COOKIE } from '../platform/session';
import { loadPlatformBranding } from './brandingRoutes';

/**
 * index.html with the first screen already in it (issue 12). A signed-out visit — the sign-in page,
 * mostly — sees the sign-in card's heading, in the platform's language and under its title, as soon
 * as the HTML arrives, instead of an empty page until the portal's scripts have loaded and run
 * (about 3 s on a mid-range phone). React replaces it when it mounts; the heading has the size and
 * place the real one will have, so nothing jumps. Signed-in visits get the file as it was built:
 * which screen they open is in the address's hash, which never reaches the server.
 */

/** Written by the portal's build (apps/web/vite.config.ts, bootTexts): the words of the shell per language. */
const BOOT_TEXTS_FILE = 'boot-texts.json';
const ROOT = '<div id="root"></div>';
/** Variants kept compressed: one per language and title, and the plain file. */
const MAX_VARIANTS = 64;

type BootTexts = Record<string, { welcome: string; loading: string }>;

interface Variant {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// The sign-in page as MUI draws it (PlainLayout, LoginScreen: a grey page, a 420 px card, an h5
// heading): the same box and font, so the heading React draws later has the same size and place.
const SHELL_STYLE = `<style>
body{margin:0}
.cmp-boot{min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:16px;box-sizing:border-box;background:#f5f5f5;font-family:"Roboto","Helvetica","Arial",sans-serif;color:rgba(0,0,0,.87)}
.cmp-boot-card{width:100%;max-width:420px;box-sizing:border-box;padding:32px;background:#fff;border-radius:4px;box-shadow:0 3px 1px -2px rgba(0,0,0,.2),0 2px 2px 0 rgba(0,0,0,.14),0 1px 5px 0 rgba(0,0,0,.12)}
.cmp-boot-title{margin:0 0 .35em;font-size:1.5rem;font-weight:400;line-height:1.334;letter-spacing:0}
.cmp-boot-bar{height:4px;overflow:hidden;background:#c5d9f0;border-radius:2px}
.cmp-boot-bar::after{content:"";display:block;height:100%;width:40%;background:#1867c0;animation:cmp-boot 1.2s ease-in-out infinite}
@keyframes cmp-boot{from{transform:translateX(-100%)}to{transform:translateX(250%)}}
@media (prefers-reduced-motion:reduce){.cmp-boot-bar::after{animation:none;width:100%;opacity:.5}}
</style>`;

/** The markup the server puts into #root for a signed-out visit. */
export function shellMarkup(texts: { welcome: string; loading: string }, title: string): string {
  const heading = escapeHtml(texts.welcome.replace('{{title}}', title));
  return (
    `<main id="main-content" class="cmp-boot" aria-busy="true"><section class="cmp-boot-card" aria-labelledby="cmp-boot-heading">` +
    `<h1 id="cmp-boot-heading" class="cmp-boot-title">${heading}</h1>` +
    `<div class="cmp-boot-bar" role="progressbar" aria-label="${escapeHtml(texts.loading)}"></div></section></main>`
  );
}

function variantOf(html: string): Variant {
  const raw = Buffer.from(html);
  return {
    raw,
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gzip: gzipSync(raw, { level: 9 }),
    etag: createHash('sha256').update(raw).digest('base64url').slice(0, 27),
  };
}

function readBootTexts(webDist: string): BootTexts | undefined {
  try {
    return JSON.parse(readFileSync(path.join(webDist, BOOT_TEXTS_FILE), 'utf8')) as BootTexts;
  } catch {
    return undefined; // a build without them: the page as it was built
  }
}

/** GET / and /index.html; every other file of the build is served by portalAssets.ts. */
export function registerPortalIndex(app: FastifyInstance, webDist: string, db: Database): void {
  const indexFile = path.join(webDist, 'index.html');
  let builtAt = 0;
  let html = '';
  let texts: BootTexts | undefined;
  const variants = new Map<string, Variant>();

  // A new build in the same folder (a deployment without restart) shows on the next visit.
  const refresh = () => {
    const mtime = statSync(indexFile).mtimeMs;
    if (mtime === builtAt) return;
    builtAt = mtime;
    html = readFileSync(indexFile, 'utf8');
    texts = readBootTexts(webDist);
    variants.clear();
  };

  const variantFor = async (request: FastifyRequest): Promise<Variant> => {
    refresh();
    const signedIn = Boolean(request.cookies[SESSION_COOKIE]);
    let key = 'built';
    let page = html;
    if (!signedIn && texts && html.includes(ROOT)) {
      const branding = await loadPlatformBranding(db);
      const locale = normalizeLocale(branding.default_locale) ?? 'en';
      const words = texts[locale] ?? texts.en;
      if (words) {
        key = `${locale}\n${branding.title}`;
        page = html.replace('</head>', `${SHELL_STYLE}</head>`).replace(ROOT, `<div id="root">${shellMarkup(words, branding.title)}</div>`);
      }
    }
    let variant = variants.get(key);
    if (!variant) {
      if (variants.size >= MAX_VARIANTS) variants.clear();
      variant = variantOf(page);
      variants.set(key, variant);
    }
    return variant;
  };

  const send = async (request: FastifyRequest, reply: FastifyReply) => {
    const variant = await variantFor(request);
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
    const etag = `"${variant.etag}${encoding ? `-${encoding}` : ''}"`;
    reply.header('cache-control', 'no-cache').header('etag', etag).header('vary', 'accept-encoding, cookie');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    if (encoding) reply.header('content-encoding', encoding);
    return reply.type('text/html; charset=utf-8').send(encoding ? variant[encoding] : variant.raw);
  };
  app.get('/', send);
  app.get('/index.html', send);
}
