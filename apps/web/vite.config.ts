import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server forwards every server-owned path (spec §7: operations, branding, images, logout
// endpoints; DESIGN.md: /api docs, /healthz) to the Fastify server, so the portal runs same-origin
// as in production, where the server serves apps/web/dist at /.
const SERVER = 'http://127.0.0.1:8080';
const SERVER_PATHS = ['/DataModel', '/branding', '/keeper', '/dash', '/api', '/healthz'];

// The shared contracts build zod schemas at module level. The portal imports only constants and
// types from most of them, but a bundler must keep every `z.object(…)` call it cannot prove pure,
// which would put all of zod (~20 KB gzip) into the entry chunk. zod's constructors have no side
// effects, so calls on zod's `z` inside the contracts are marked pure under a name nothing else uses.
const CONTRACTS_ZOD = '__contractsZod';
function pureContractSchemas(): Plugin {
  return {
    name: 'cmp:pure-contract-schemas',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/.test(id) || !code.includes("from 'zod'")) return null;
      return code
        .replace(/import \{ z \} from 'zod';/, `import { z as ${CONTRACTS_ZOD} } from 'zod';`)
        // `z` before a member access, also when a formatter broke the chain (`= z\n  .object(…)`).
        .replace(/(?<![\w$.'"])z(?=\s*\.)/g, CONTRACTS_ZOD);
    },
  };
}

function reactRouterProductionBuild(): string {
  const packageJson = createRequire(import.meta.url).resolve('react-router/package.json');
  return path.join(path.dirname(packageJson), 'dist/production/index.mjs');
}

export default defineConfig(({ mode }) => ({
  plugins: [pureContractSchemas(), react()],
  // react-router's package exports point every bundler at its development build (warnings and all);
  // a production bundle takes its production build instead (about 10 KB gzip less in the entry).
  resolve: mode === 'production' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProductionBuild() }] } : {},
  server: {
    proxy: Object.fromEntries(SERVER_PATHS.map((path) => [path, { target: SERVER }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the portal supports knows <link rel="modulepreload">; the polyfill only costs bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: { treeshake: { manualPureFunctions: [CONTRACTS_ZOD] } },
  },
}));
