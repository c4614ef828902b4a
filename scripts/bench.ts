// `npm run bench <name>`: benchmarks that print their figures. Never part of `npm test`.
import { benchAccounts } from './bench/accounts';
import { benchApi } from './bench/api';
import { benchApiMixedLoad } from './bench/apiMixedLoad';
import { benchAuth } from './bench/auth';
import { benchBilling } from './bench/billing';
import { benchOrders } from './bench/orders';
import { benchPricing } from './bench/pricing';
import { benchStart } from './bench/start';

const benches: Record<string, () => Promise<void>> = {
  accounts: benchAccounts,
  // BENCH_MIXED=0 skips the mixed load, which generates a million accounts first.
  api: async () => {
    await benchApi();
    if (process.env.BENCH_MIXED !== '0') await benchApiMixedLoad();
  },
  auth: benchAuth,
  // Issue 13: recompute 20,000 prices, propagate to 1,000 pricelists, Explore over 10,000 services.
  pricing: benchPricing,
  // Issue 14: orders per second on PostgreSQL, order → Active p95, double effects under faults.
  orders: benchOrders,
  // Issue 15: a billing run over 100,000 subscriptions, a re-run, a run killed half-way (PostgreSQL and PGlite).
  billing: benchBilling,
  // Issue 17: an import of 10,000 users in 1,000 companies (rows/s), memory while a 50 MB file streams (BENCH_IMPORT_USERS, BENCH_IMPORT_FILE_MB).
  imports: async () => (await import('./bench/imports')).benchImports(),
  // Issue 33: a partner's nightly sync over the SimpleAPI — GetCompanies + GetSubscriptions of 10,000 companies (BENCH_PARTNER_COMPANIES, BENCH_PARTNER_DB).
  'partner-api': async () => (await import('./bench/partnerApi')).benchPartnerApi(),
  // Issue 16: 5,000 live-channel sockets, a broadcast's p99 on one node and across two; memory per idle socket (BENCH_REALTIME_SOCKETS).
  realtime: async () => (await import('./bench/realtime')).benchRealtime(),
  start: benchStart,
  web: async () => (await import('./bench/web')).benchWeb(),
};
const name = process.argv[2];
const bench = name ? benches[name] : undefined;
if (!bench) {
  console.error(`usage: npm run bench <${Object.keys(benches).join('|')}>`);
  process.exit(2);
}
await bench();
