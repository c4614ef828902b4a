// Prints the gzip size of the portal's entry chunk (the script dist/index.html loads), of the
// chunks it imports statically (preloaded with it) and of every other chunk, and fails (exit 1)
// when the JavaScript needed before the app can start its requests exceeds the budget, so the
// build stops before the entry creeps back up (issue 12). Chunks the app imports at run time
// (screens, the language bundle, i18next) do not count.
// Usage: node scripts/entry-size.mjs <dist folder>
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 140 * 1024;
const dist = resolve(process.argv[2] ?? 'dist');

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entryMatch = /<script[^>]*type="module"[^>]*src="([^"]+)"/.exec(html);
if (!entryMatch) {
  console.error(`entry-size: no module script found in ${join(dist, 'index.html')}`);
  process.exit(1);
}
const toFile = (src) => join(dist, src.replace(/^\//, ''));
const entryFile = toFile(entryMatch[1]);
const preloadFiles = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => toFile(match[1]));

const gzipSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1).padStart(8)} KB`;

function jsFiles(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return jsFiles(path);
    return name.endsWith('.js') ? [path] : [];
  });
}

const entrySize = gzipSize(entryFile);
const preloadSize = preloadFiles.reduce((sum, file) => sum + gzipSize(file), 0);
const initialSize = entrySize + preloadSize;

console.log('gzip sizes of the JavaScript chunks');
console.log(`${kb(entrySize)}  ${relative(dist, entryFile)}  (entry chunk)`);
for (const file of preloadFiles) console.log(`${kb(gzipSize(file))}  ${relative(dist, file)}  (preloaded with the entry)`);
const others = jsFiles(dist)
  .filter((file) => file !== entryFile && !preloadFiles.includes(file))
  .map((file) => ({ file, size: gzipSize(file) }))
  .sort((a, b) => b.size - a.size);
for (const { file, size } of others) console.log(`${kb(size)}  ${relative(dist, file)}`);
console.log(`${kb(initialSize)}  initial JavaScript (entry + preloaded), budget ${kb(BUDGET_BYTES).trim()}`);

// The first screen's chunks must not import the header's statically: the header (search, menus) is
// meant to load after the first paint, and a module both share that lands in the header's chunk makes
// the dashboard wait for all of it (issue 12; vite.config.ts names the shared modules in the frame).
const FIRST_SCREEN_CHUNKS = /^(frame|dashboard)-/;
const LATE_CHUNKS = /^header-/;
const staticImports = (file) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\/[^"']+\.js)["']/g)].map((match) =>
    join(dist, 'assets', match[1].slice(2)),
  );
const firstScreen = [entryFile, ...jsFiles(join(dist, 'assets')).filter((file) => FIRST_SCREEN_CHUNKS.test(relative(join(dist, 'assets'), file)))];
const reached = new Set();
for (const pending = [...firstScreen]; pending.length; ) {
  const file = pending.pop();
  if (reached.has(file)) continue;
  reached.add(file);
  pending.push(...staticImports(file));
}
const lateImported = [...reached].filter((file) => LATE_CHUNKS.test(relative(join(dist, 'assets'), file)));
if (firstScreen.length < 3 || lateImported.length) {
  console.error(
    firstScreen.length < 3
      ? 'entry-size: the frame or dashboard chunk is missing from the build (vite.config.ts names them); the first-screen check cannot run.'
      : `entry-size: the first screen's chunks import ${lateImported.map((file) => relative(dist, file)).join(', ')} statically, so it no longer loads after the first paint. ` +
          'Move the modules both use into the frame group of vite.config.ts.',
  );
  process.exit(1);
}
console.log(`first screen (${firstScreen.map((file) => relative(dist, file)).join(', ')}) loads without the header chunk`);

if (initialSize > BUDGET_BYTES) {
  console.error(
    `entry-size: the entry chunk with its static imports is ${kb(initialSize).trim()} gzip, over the ${kb(BUDGET_BYTES).trim()} budget. ` +
      'Load what the first screen does not need with a dynamic import() (see the chunk list above).',
  );
  process.exit(1);
}
