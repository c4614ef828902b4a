// Compiles the server into JavaScript, apps/server/dist/main.mjs and its chunks, which `npm start`
// runs: tsx compiled the TypeScript at every start, about 1.9 s of a 3.5 s start-up (issue 12).
// The workspace package @cmp/contracts and most npm packages are bundled in: resolving and reading
// over 600 npm module files one by one took a third of the compiled start. Packages that find files of
// their own at run time (WebAssembly, fonts, native add-ons, a UI folder) or load optional ones stay
// external and load from node_modules. Files the server reads at run time stay where they are
// (apps/server/src/platform/serverFiles.ts finds them from any folder below apps/server).
// Usage: node scripts/build-server.mjs [output folder below apps/server, default apps/server/dist]
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** npm packages loaded from node_modules, not bundled, and why. */
const EXTERNAL_PACKAGES = [
  '@electric-sql/pglite', // its WebAssembly, data bundle and extensions beside its modules
  '@node-rs/argon2', // native add-on
  'sharp', // native add-on
  'pdfkit', // font metrics read beside its modules
  'dejavu-fonts-ttf', // font files
  'swagger-ui-dist', // served as a folder
  'exceljs', // optional and dynamic requires; loaded only for Excel work
  'jszip',
  'pg', // requires pg-native when asked for it
  'pg-boss',
  'pino', // starts transports from files beside its modules
  'tsx',
];
const isExternal = (specifier) => EXTERNAL_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`));

/** Bundles the workspace and npm packages, except Node's built-ins and EXTERNAL_PACKAGES. */
const externalPackages = {
  name: 'external-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('node:') || isExternal(args.path) ? { path: args.path, external: true } : undefined));
  },
};

const serverFolder = path.resolve(import.meta.dirname, '../apps/server');
const outdir = path.resolve(process.argv[2] ?? path.join(serverFolder, 'dist'));
const below = path.relative(serverFolder, outdir);
if (!below || below.startsWith('..') || path.isAbsolute(below)) throw new Error(`the output folder must be below ${serverFolder}`);
const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [
    { in: path.join(serverFolder, 'src/main.ts'), out: 'main' },
    // The demo's vendor sandbox, forked by main.ts: compiled too, so it starts without tsx beside the portal.
    { in: path.join(serverFolder, 'src/provisioning/sandbox/main.ts'), out: 'vendorSandbox' },
  ],
  outdir,
  outExtension: { '.js': '.mjs' },
  // main.ts imports the server dynamically so the database opens while it loads: in a chunk of
  // its own, the server's npm packages load only then, not before main.ts runs.
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  // Stack traces in the logs point at the TypeScript source (`serve` runs with --enable-source-maps).
  sourcemap: 'linked',
  // Mappings only: a stack trace needs no copy of the sources, and the maps load with the server.
  sourcesContent: false,
  plugins: [externalPackages],
  // Bundled CommonJS packages require() the external ones: ES modules have no require of their own.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
console.info(`server built into ${path.relative(process.cwd(), outdir)}/main.mjs in ${Date.now() - started} ms`);
