// `npm run bench pricing`: the figures of issue 13, on PostgreSQL (a fresh database on
// BENCH_POSTGRES_URL, default 127.0.0.1:5432, dropped after) and on PGlite (in memory), through the
// real server code on the demo world:
// - recompute the effective prices of a pricelist of 20,000 priceable items with 10 rules (< 2 s),
//   and preview a rule change on it (PreviewPricingRule, through the API);
// - preview and apply a propagation to 1,000 customer pricelists (< 60 s);
// - Explore search over 10,000 services, p95 (< 50 ms), as a customer through the HTTP API.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../apps/server/src/app';
import { readConfig, type ServerConfig } from '../../apps/server/src/platform/config';
import { openDatabase, type Database } from '../../apps/server/src/platform/db/database';
import { ensureInitialData } from '../../apps/server/src/startup/initialData';
import { effectivePricesOfPricelist } from '../../apps/server/src/pricing/effectivePrice';
import { createScratchDatabase } from '../../apps/server/src/test/scratchDatabase';
import { call, DEMO_PASSWORD, signIn } from '../../apps/server/src/test/testServer';

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ITEMS = Number(process.env.BENCH_ITEMS ?? 20_000);
const TARGET_PRICELISTS = Number(process.env.BENCH_TARGETS ?? 1_000);
const SERVICES = Number(process.env.BENCH_SERVICES ?? 10_000);
const SEARCH_SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const TARGETS = { recomputeMs: 2_000, propagationMs: 60_000, searchP95Ms: 50 };

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
const rows = async <T>(db: Database, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const one = async (db: Database, query: ReturnType<typeof sql>) => (await rows<{ id: number }>(db, query))[0]!.id;

function expectOk(result: Awaited<ReturnType<typeof call>>, what: string) {
  if (result.status !== 200) throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body).slice(0, 500)}`);
  return result;
}

async function timed<T>(action: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await action();
  return { ms: performance.now() - started, value };
}

interface Result {
  backend: string;
  recomputeMs: number[];
  recomputedItems: number;
  previewRuleMs: number;
  previewChangedItems: number;
  propagation: { ms: number; previewMs: number; targets: number; totalItems: number; changedItems: number; status: string } | undefined;
  search: { p50: number; p95: number; samples: number } | undefined;
}

/** A pricelist of ITEMS priceable items (ten per service) with ten rules of every model and scope. */
export async function seedBigPricelist(db: Database): Promise<number> {
  const northwind = await one(db, sql`select id from accounts where display_name = 'Northwind Cloud'`);
  const vendors = (await rows<{ id: number }>(db, sql`select id from accounts where type = 'Vendor' order by id`)).map((row) => row.id);
  const services = Math.ceil(ITEMS / 10);
  await db.execute(sql`insert into products (name, display_name, vendor_account_id, category, tags, currency)
    select 'BENCH_P_' || g, 'Bench service ' || g, (${sql.param(vendors)}::int[])[1 + g % ${vendors.length}], 'Productivity', jsonb_build_array('bench'),
      case when g % 10 = 0 then 'USD' else 'EUR' end
    from generate_series(1, ${services}) g`);
  await db.execute(sql`insert into priceable_items (product_name, name, fee_type, purchase_price, srp)
    select 'BENCH_P_' || (1 + (g - 1) / 10), 'Item ' || g, (array['Recurring', 'Setup', 'Usage'])[1 + g % 3],
      round((1 + (g % 997) * 0.37)::numeric, 4), case when g % 13 = 0 then null else round((2 + (g % 991) * 0.41)::numeric, 4) end
    from generate_series(1, ${ITEMS}) g`);
  const pricelist = await one(db, sql`insert into pricelists (owner_account_id, name, priority, currency) values (${northwind}, 'Bench 20k', 9, 'EUR') returning id`);
  await db.execute(sql`insert into pricelist_services (pricelist_id, product_name) select ${pricelist}, 'BENCH_P_' || g from generate_series(1, ${services}) g`);
  const group = await one(db, sql`insert into service_groups (owner_account_id, name) values (${northwind}, 'Bench group') returning id`);
  await db.execute(sql`insert into service_group_services (service_group_id, product_name) select ${group}, 'BENCH_P_' || g from generate_series(1, ${services}, 7) g`);
  const itemIds = (await rows<{ id: number }>(db, sql`select id from priceable_items where product_name like 'BENCH_P_%' order by id limit 200`)).map((row) => row.id);
  const rules: [string, string, string | null, string, number[]][] = [
    ['Bench items static', 'Static', '9.99', 'PriceableItems', itemIds.slice(0, 100)],
    ['Bench group margin', 'GrossMargin', '25', 'ServiceGroups', [group]],
    ['Bench vendor A markup', 'Markup', '12', 'Vendors', [vendors[0]!]],
    ['Bench vendor B discount', 'SrpDiscount', '8', 'Vendors', [vendors[1]!]],
    ['Bench items markup', 'Markup', '40', 'PriceableItems', itemIds.slice(100)],
    ['Bench vendor C margin', 'GrossMargin', '18.5', 'Vendors', [vendors[2 % vendors.length]!]],
    ['Bench SRP for group', 'Srp', null, 'ServiceGroups', [group]],
    ['Bench all discount', 'SrpDiscount', '3', 'AllServices', []],
    ['Bench all markup', 'Markup', '20', 'AllServices', []],
  ];
  for (const [index, [name, model, parameter, scopeKind, ids]] of rules.entries()) {
    await db.execute(sql`insert into pricing_rules (pricelist_id, name, priority, model, parameter, scope_kind, scope_ids)
      values (${pricelist}, ${name}, ${index + 1}, ${model}, ${parameter}, ${scopeKind}, ${JSON.stringify(ids)}::jsonb)`);
  }
  await db.execute(sql`insert into pricing_rules (pricelist_id, name, priority, is_default, model) values (${pricelist}, 'Default: SRP', ${rules.length + 1}, true, 'Srp')`);
  await db.execute(sql`analyze`);
  return pricelist;
}

/** TARGET_PRICELISTS customer resellers of the platform owner's base pricelist, each with a pricelist of its own. */
async function seedPropagationTargets(db: Database): Promise<number> {
  const owner = (await rows<{ id: number; path: string }>(db, sql`select id, path from accounts where display_name = 'Cloud Service Providers'`))[0]!;
  const base = await one(db, sql`select id from pricelists where name = 'Base pricelist'`);
  await db.execute(sql`insert into accounts (type, parent_id, path, display_name)
    select 'Reseller', ${owner.id}, '', 'Bench reseller ' || g from generate_series(1, ${TARGET_PRICELISTS}) g`);
  await db.execute(sql`update accounts set path = ${owner.path} || id || '/' where display_name like 'Bench reseller %' and path = ''`);
  await db.execute(sql`insert into pricelists (owner_account_id, name, priority, currency)
    select id, 'Bench pricelist of ' || display_name, 1, 'EUR' from accounts where display_name like 'Bench reseller %'`);
  await db.execute(sql`insert into pricing_rules (pricelist_id, name, priority, is_default, model)
    select p.id, 'Default: SRP', 1, true, 'Srp' from pricelists p where p.name like 'Bench pricelist of %'`);
  await db.execute(sql`insert into pricelist_services (pricelist_id, product_name)
    select p.id, s.product_name from pricelists p cross join pricelist_services s where p.name like 'Bench pricelist of %' and s.pricelist_id = ${base}`);
  await db.execute(sql`insert into pricelist_customers (pricelist_id, customer_account_id) select ${base}, id from accounts where display_name like 'Bench reseller %'`);
  await db.execute(sql`analyze`);
  return base;
}

/** SERVICES more services on Northwind's standard pricelist, for Explore as Contoso's admin. */
async function seedCatalog(db: Database): Promise<void> {
  const vendors = (await rows<{ id: number }>(db, sql`select id from accounts where type = 'Vendor' order by id`)).map((row) => row.id);
  const standard = await one(db, sql`select id from pricelists where name = 'Northwind standard'`);
  const categories = ['Security', 'Analytics', 'Productivity', 'Communication', 'Identity', 'Network', 'Sales', 'Backup and storage'];
  await db.execute(sql`insert into products (name, display_name, vendor_account_id, category, tags, descriptions, ranking)
    select 'BENCH_S_' || g, 'Catalog service ' || g, (${sql.param(vendors)}::int[])[1 + g % ${vendors.length}], (${sql.param(categories)}::text[])[1 + g % 8],
      jsonb_build_array('tag' || (g % 40), 'tag' || (g % 7)), jsonb_build_object('en', 'A generated service number ' || g), g % 100
    from generate_series(1, ${SERVICES}) g`);
  await db.execute(sql`insert into priceable_items (product_name, name, fee_type, unit, purchase_price, srp)
    select 'BENCH_S_' || g, 'Subscription', 'Recurring', 'user', (1 + g % 50)::numeric, (2 + g % 60)::numeric from generate_series(1, ${SERVICES}) g`);
  await db.execute(sql`insert into pricelist_services (pricelist_id, product_name) select ${standard}, 'BENCH_S_' || g from generate_series(1, ${SERVICES}) g`);
  await db.execute(sql`analyze`);
}

const SEARCHES: Record<string, unknown>[] = [
  { filter: {}, sort: { Key: 'Ranking', Value: 'ASC' }, pageSize: 20, page: 0, includeFacets: true },
  { filter: { DisplayName: 'service 12' }, sort: { Key: 'Ranking', Value: 'ASC' }, pageSize: 20, page: 0, includeFacets: true },
  { filter: {}, sort: { Key: 'Name', Value: 'ASC' }, pageSize: 20, page: 5, includeFacets: true },
  { filter: {}, sort: { Key: 'Price', Value: 'ASC' }, pageSize: 20, page: 0, includeFacets: true },
  { filter: { DisplayName: 'catalog' }, sort: { Key: 'Name', Value: 'DESC' }, pageSize: 20, page: 2 },
];

/** Explore search over SERVICES more services as Contoso's admin (BENCH_ONLY=explore measures this alone). */
async function measureSearch(backend: string, app: FastifyInstance, db: Database): Promise<Result['search']> {
  const log = (text: string) => console.info(`${backend}: ${text}`);
  log(`seeding ${SERVICES.toLocaleString('en')} services for Explore …`);
  await seedCatalog(db);
  const company = await signIn(app, 'company.admin');
  let search: Result['search'];
  const probe = await call(app, 'IMarketplaceService/SearchServices', SEARCHES[0], { cookie: company });
  if (probe.status === 200) {
    for (const body of SEARCHES) expectOk(await call(app, 'IMarketplaceService/SearchServices', body, { cookie: company }), 'SearchServices warm-up');
    const times: number[] = [];
    for (let i = 0; i < SEARCH_SAMPLES; i++) {
      const run = await timed(() => call(app, 'IMarketplaceService/SearchServices', SEARCHES[i % SEARCHES.length], { cookie: company }));
      expectOk(run.value, 'SearchServices');
      times.push(run.ms);
    }
    search = { p50: percentile(times, 50), p95: percentile(times, 95), samples: times.length };
    SEARCHES.forEach((body, kind) => {
      const own = times.filter((_, i) => i % SEARCHES.length === kind);
      log(`  ${JSON.stringify(body)}: p50 ${percentile(own, 50).toFixed(1)} ms, p95 ${percentile(own, 95).toFixed(1)} ms`);
    });
    log(`Explore search p50 ${search.p50.toFixed(1)} ms, p95 ${search.p95.toFixed(1)} ms`);
  } else {
    log(`Explore search: not measured (SearchServices answered ${probe.status} ${JSON.stringify(probe.body).slice(0, 200)})`);
  }
  return search;
}

async function measure(backend: string, app: FastifyInstance, db: Database): Promise<Result> {
  const log = (text: string) => console.info(`${backend}: ${text}`);

  if (process.env.BENCH_ONLY === 'explore') return { backend, recomputeMs: [], recomputedItems: 0, previewRuleMs: 0, previewChangedItems: 0, propagation: undefined, search: await measureSearch(backend, app, db) };
  log(`seeding a pricelist of ${ITEMS.toLocaleString('en')} items with 10 rules …`);
  const big = await seedBigPricelist(db);
  await effectivePricesOfPricelist(db, big); // warm-up
  const recomputeMs: number[] = [];
  let recomputedItems = 0;
  for (let run = 0; run < 5; run++) {
    const { ms, value } = await timed(() => effectivePricesOfPricelist(db, big));
    recomputeMs.push(ms);
    recomputedItems = value.size;
  }
  log(`recompute ${recomputedItems.toLocaleString('en')} prices: ${recomputeMs.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`);
  const reseller = await signIn(app, 'reseller.admin');
  // A change of a rule that prices a share of the items: vendor A's markup from 12 % to 33 %.
  const vendorRule = (await rows<{ id: number; scope_ids: number[] }>(db, sql`select id, scope_ids from pricing_rules where pricelist_id = ${big} and name = 'Bench vendor A markup'`))[0]!;
  const previewRule = await timed(() =>
    call(
      app,
      'IPricingRuleService/PreviewPricingRule',
      { marketplaceId: big, rule: { PricingRuleId: vendorRule.id, Name: 'Bench vendor A markup', Model: 'Markup', Parameter: '33', Scope: { Kind: 'Vendors', Ids: vendorRule.scope_ids } } },
      { cookie: reseller },
    ),
  );
  expectOk(previewRule.value, 'PreviewPricingRule');
  log(`PreviewPricingRule over ${recomputedItems.toLocaleString('en')} items: ${previewRule.ms.toFixed(0)} ms, ${previewRule.value.body.ChangedItemsCount as number} changes`);

  let propagation: Result['propagation'];
  const propagationModule = (await import('../../apps/server/src/pricing/propagation').catch(() => undefined)) as
    | { previewAndApplyPropagation?: (db: Database, options: { sourcePricelistId: number; startedByAccountId: number }) => Promise<{ totalItems: number; changedItems: number; status: string }>; previewPropagation?: (db: Database, options: { sourcePricelistId: number; createdByAccountId: number }) => Promise<unknown> }
    | undefined;
  if (propagationModule?.previewAndApplyPropagation && propagationModule.previewPropagation) {
    log(`seeding ${TARGET_PRICELISTS.toLocaleString('en')} customer resellers with a pricelist each …`);
    const base = await seedPropagationTargets(db);
    const admin = await one(db, sql`select account_id as id from users where username = 'admin'`);
    const preview = await timed(() => propagationModule.previewPropagation!(db, { sourcePricelistId: base, createdByAccountId: admin }));
    const applied = await timed(() => propagationModule.previewAndApplyPropagation!(db, { sourcePricelistId: base, startedByAccountId: admin }));
    propagation = { ms: applied.ms, previewMs: preview.ms, targets: TARGET_PRICELISTS, ...applied.value };
    log(`propagation preview ${(preview.ms / 1000).toFixed(1)} s; preview and apply ${(applied.ms / 1000).toFixed(1)} s (${applied.value.status}, ${applied.value.totalItems} items, ${applied.value.changedItems} changed)`);
  } else {
    log('propagation: not measured (no previewAndApplyPropagation in apps/server/src/pricing/propagation.ts)');
  }

  const search = await measureSearch(backend, app, db);
  return {
    backend,
    recomputeMs,
    recomputedItems,
    previewRuleMs: previewRule.ms,
    previewChangedItems: previewRule.value.body.ChangedItemsCount as number,
    propagation,
    search,
  };
}

async function onBackend(backend: string, baseUrl: string | undefined): Promise<Result | undefined> {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  if (baseUrl) {
    try {
      scratch = await createScratchDatabase(baseUrl, 'cmp_bench');
    } catch (error) {
      console.warn(`${backend}: not measured, no database at ${baseUrl} (${(error as Error).message})`);
      return undefined;
    }
  }
  const databaseUrl = scratch?.url;
  const config: ServerConfig = { ...readConfig({}), dataDir: 'memory://', databaseUrl, loadDemoData: true, demoPassword: DEMO_PASSWORD, webDist: '/nonexistent' };
  const handle = await openDatabase({ databaseUrl, dataDir: config.dataDir });
  try {
    await ensureInitialData(handle.db, config);
    const app = await buildServer({ database: handle, config });
    try {
      return await measure(backend, app, handle.db);
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    await scratch?.drop();
  }
}

function report(results: Result[]) {
  const verdict = (value: number | undefined, target: number) => (value === undefined ? 'not measured' : value < target ? 'met' : 'NOT met');
  const median = (values: number[]) => percentile(values, 50);
  console.table(
    Object.fromEntries(
      results.map((r) => [
        r.backend,
        {
          [`recompute ${r.recomputedItems} items, 10 rules (median of 5)`]: r.recomputeMs.length ? `${median(r.recomputeMs).toFixed(0)} ms` : 'not measured',
          'PreviewPricingRule (API)': `${r.previewRuleMs.toFixed(0)} ms (${r.previewChangedItems} changes)`,
          [`propagation to ${TARGET_PRICELISTS} pricelists (preview + apply)`]: r.propagation ? `${(r.propagation.ms / 1000).toFixed(1)} s (preview alone ${(r.propagation.previewMs / 1000).toFixed(1)} s; ${r.propagation.totalItems} items, ${r.propagation.changedItems} changed, ${r.propagation.status})` : 'not measured',
          [`Explore search over ${SERVICES} services p95`]: r.search ? `${r.search.p95.toFixed(1)} ms (p50 ${r.search.p50.toFixed(1)} ms, ${r.search.samples} samples)` : 'not measured',
        },
      ]),
    ),
  );
  for (const r of results) {
    console.info(
      `${r.backend} targets: recompute < ${TARGETS.recomputeMs} ms: ${verdict(median(r.recomputeMs), TARGETS.recomputeMs)}; ` +
        `propagation < ${TARGETS.propagationMs / 1000} s: ${verdict(r.propagation?.ms, TARGETS.propagationMs)}; ` +
        `Explore p95 < ${TARGETS.searchP95Ms} ms: ${verdict(r.search?.p95, TARGETS.searchP95Ms)}`,
    );
  }
}

export async function benchPricing(): Promise<void> {
  const only = process.env.BENCH_BACKEND; // 'postgres' or 'pglite' to run one of them
  const results: Result[] = [];
  if (only !== 'pglite') {
    const result = await onBackend('PostgreSQL', POSTGRES_URL);
    if (result) results.push(result);
  }
  if (only !== 'postgres') results.push((await onBackend('PGlite', undefined))!);
  report(results);
}
