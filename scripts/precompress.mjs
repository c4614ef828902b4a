// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the built portal, so the
// server sends them compressed without compressing on each request (issue 12; @fastify/static's
// preCompressed option picks the copy the browser's Accept-Encoding allows).
// Usage: node scripts/precompress.mjs <dist folder>
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT_ASSET = /\.(js|mjs|css|html|svg|json|txt|ico|map|webmanifest)$/;
// Below this size compression saves less than the header it costs.
const MIN_BYTES = 512;

const dist = resolve(process.argv[2] ?? 'dist');
const files = (folder) =>
  readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });

let written = 0;
for (const file of files(dist).filter((path) => TEXT_ASSET.test(path))) {
  const content = readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  written += 1;
}
console.log(`precompress: brotli and gzip copies of ${written} files in ${dist}`);
