// Compiles the server into JavaScript, apps/server/dist/main.mjs and its chunks, which `npm start`
// runs: tsx compiled the TypeScript at every start, about 1.9 s of a 3.5 s start-up (issue 12).
// The workspace package @cmp/contracts is bundled in (it ships TypeScript source); npm packages stay
// external and load from node_modules. Files read at run time stay where they are
// (apps/server/src/platform/serverFiles.ts finds them from any folder below apps/server).
// Usage: node scripts/build-server.mjs [output folder below apps/server, default apps/server/dist]
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** Every bare import except the workspace's own packages: npm packages and Node's built-ins. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@cmp/') ? undefined : { path: args.path, external: true }));
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
  target: 'node20',
  // Stack traces in the logs point at the TypeScript source (`serve` runs with --enable-source-maps).
  sourcemap: 'linked',
  plugins: [npmPackagesExternal],
  logLevel: 'warning',
});
console.info(`server built into ${path.relative(process.cwd(), outdir)}/main.mjs in ${Date.now() - started} ms`);
