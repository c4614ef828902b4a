import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { previewAndApplyPropagation } from './propagation';

// Issue 13 "Propagation": the platform owner pushes its base pricelist's prices down to the
// pricelists of its customer resellers (Northwind standard, Fabrikam DACH), filtered, previewed,
// applied by a pg-boss job, idempotent, ending with a DP_UpdateComplete event in the outbox.

let server: TestServer;
let admin: string;
let reseller: string;
let other: string;
let base: number;
let northwind: number;
let fabrikam: number;
const op = (name: string, body: unknown, cookie = admin) => call(server.app, `IMarketplaceService/${name}`, body, { cookie });
const rows = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
const idOf = async (query: ReturnType<typeof sql>) => (await rows<{ id: number }>(query))[0]!.id;

interface Run {
  RunId: number;
  Status: string;
  Percentage: number;
  TotalItems: number;
  DoneItems: number;
  ChangedItems: number;
  Error: string | null;
  FinishedAt: string | null;
}

async function finishedRun(runId: number): Promise<Run> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = await op('GetPropagationStatus', { runId });
    expect(status.status).toBe(200);
    const run = status.body.Run as Run;
    if (run.Status === 'Completed' || run.Status === 'Failed') return run;
    if (Date.now() > deadline) throw new Error(`run ${runId} still ${run.Status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server.app, 'admin');
  reseller = await signIn(server.app, 'reseller.admin');
  other = await signIn(server.app, 'other.admin');
  base = await idOf(sql`select id from pricelists where name = 'Base pricelist'`);
  northwind = await idOf(sql`select id from pricelists where name = 'Northwind standard'`);
  fabrikam = await idOf(sql`select id from pricelists where name = 'Fabrikam DACH'`);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('propagation filters', () => {
  it('keeps one filter with an empty vendor selection: a second conflicts (409 naming it) and replaces it after confirmation', async () => {
    const empty = await op('GetPropagationFilters', { marketplaceId: base });
    expect(empty.status).toBe(200);
    expect(empty.body.Filters).toEqual([]);
    const vendors = empty.body.Vendors as { AccountId: number; Name: string }[];
    expect(vendors.map((vendor) => vendor.Name)).toEqual(['Nimbus Security', 'Orbit Analytics', 'Skyline Software']);
    const [nimbus, orbit] = vendors.map((vendor) => vendor.AccountId);

    const first = await op('SavePropagationFilters', { marketplaceId: base, filters: [{ VendorFilterType: 'Include', VendorAccountIds: [], TagFilterType: 'Exclude', Tags: ['training'] }] });
    expect(first.status).toBe(200);
    const [saved] = first.body.Filters as { PropagationFilterId: number }[];
    expect(first.body.Filters).toEqual([{ PropagationFilterId: saved!.PropagationFilterId, VendorFilterType: 'Include', VendorAccountIds: [], TagFilterType: 'Exclude', Tags: ['training'] }]);

    const second = { VendorFilterType: 'Exclude', VendorAccountIds: [], TagFilterType: 'Include', Tags: [] };
    const conflict = await op('SavePropagationFilters', { marketplaceId: base, filters: [saved, second] });
    expect(conflict.status).toBe(409);
    expect(conflict.body.Message).toContain(String(saved!.PropagationFilterId));
    expect((await op('GetPropagationFilters', { marketplaceId: base })).body.Filters).toEqual(first.body.Filters);

    const confirmed = await op('SavePropagationFilters', { marketplaceId: base, filters: [saved, second], deleteConflicting: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.Filters).toEqual([expect.objectContaining({ VendorFilterType: 'Exclude', VendorAccountIds: [], Tags: [] })]);
    expect((confirmed.body.Filters as { PropagationFilterId: number }[])[0]!.PropagationFilterId).not.toBe(saved!.PropagationFilterId);

    // A vendor is named by one filter only; two new filters naming it cannot both be kept; a non-vendor is refused.
    const [kept] = confirmed.body.Filters as object[];
    const withNimbus = await op('SavePropagationFilters', { marketplaceId: base, filters: [kept, { VendorFilterType: 'Include', VendorAccountIds: [nimbus, orbit], TagFilterType: 'Include', Tags: [] }] });
    expect(withNimbus.status).toBe(200);
    const twice = await op('SavePropagationFilters', {
      marketplaceId: base,
      filters: [kept, { VendorFilterType: 'Include', VendorAccountIds: [nimbus], TagFilterType: 'Include', Tags: [] }, { VendorFilterType: 'Exclude', VendorAccountIds: [nimbus], TagFilterType: 'Include', Tags: [] }],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.Message).toContain('filters[2]');
    const company = await idOf(sql`select id from accounts where display_name = 'Contoso Ltd'`);
    const notVendor = await op('SavePropagationFilters', { marketplaceId: base, filters: [{ VendorFilterType: 'Include', VendorAccountIds: [company], TagFilterType: 'Include', Tags: [] }] });
    expect(notVendor.status).toBe(400);
    expect(notVendor.body.Message).toContain('filters[0].VendorAccountIds');

    // No filters: everything is propagated.
    const cleared = await op('SavePropagationFilters', { marketplaceId: base, filters: [] });
    expect(cleared.body.Filters).toEqual([]);
    const audit = await rows<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'PricelistChanged' and details->>'MarketplaceId' = ${String(base)} and details ? 'PropagationFilters'`);
    expect(audit[0]!.n).toBeGreaterThanOrEqual(4);
  });

  it('filters what is propagated: excluding a vendor leaves its items out of the preview', async () => {
    const [nimbus] = (await rows<{ id: number }>(sql`select id from accounts where display_name = 'Nimbus Security'`)).map((row) => row.id);
    await op('SavePropagationFilters', { marketplaceId: base, filters: [{ VendorFilterType: 'Exclude', VendorAccountIds: [nimbus], TagFilterType: 'Include', Tags: [] }] });
    const preview = await op('PreviewPropagation', { marketplaceId: base });
    expect(preview.status).toBe(200);
    const changes = (preview.body.Targets as { Changes: { ServiceName: string }[] }[]).flatMap((target) => target.Changes);
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.some((change) => change.ServiceName.startsWith('NIMBUS_'))).toBe(false);
    await op('SavePropagationFilters', { marketplaceId: base, filters: [] });
  });
});

describe('preview and propagate', () => {
  it('previews the change per target pricelist, then the job writes the costs, reaches 100 % and writes DP_UpdateComplete once', async () => {
    const preview = await op('PreviewPropagation', { marketplaceId: base });
    expect(preview.status).toBe(200);
    const targets = preview.body.Targets as { MarketplaceId: number; Name: string; CustomersCount: number; ChangedItemsCount: number; Changes: Record<string, unknown>[] }[];
    expect(targets.map((target) => target.Name).sort()).toEqual(['Fabrikam DACH', 'Northwind standard']);
    const totals = preview.body.Totals as { TargetPricelists: number; ChangedItems: number; CustomersAffected: number };
    expect(totals.TargetPricelists).toBe(2);
    expect(totals.ChangedItems).toBe(2 * (preview.body.SourceItemsCount as number));
    expect(totals.CustomersAffected).toBe(5);
    // Skyline Mail: purchase 4.10, base markup 8 % → 4.43, Northwind's cost; Northwind's 25 % gross margin (Collaboration) prices it.
    const mail = targets.find((target) => target.MarketplaceId === northwind)!.Changes.find((change) => change.ServiceName === 'SKYLINE_MAIL')!;
    expect(mail).toMatchObject({ ItemName: 'Subscription', OldCost: '4.10', NewCost: '4.43', OldPrice: '5.47', NewPrice: '5.91' });

    const key = { 'idempotency-key': 'propagate-base-1' };
    const started = await call(server.app, 'IMarketplaceService/Propagate', { marketplaceId: base, previewId: preview.body.PreviewId }, { cookie: admin, headers: key });
    expect(started.status).toBe(200);
    // The same key and body answer the same run; another body with it is refused.
    const replayed = await call(server.app, 'IMarketplaceService/Propagate', { previewId: preview.body.PreviewId, marketplaceId: base }, { cookie: admin, headers: key });
    expect((replayed.body.Run as Run).RunId).toBe((started.body.Run as Run).RunId);
    const otherPreview = await op('PreviewPropagation', { marketplaceId: base });
    expect((await call(server.app, 'IMarketplaceService/Propagate', { marketplaceId: base, previewId: otherPreview.body.PreviewId }, { cookie: admin, headers: key })).status).toBe(422);
    const run = await finishedRun((started.body.Run as Run).RunId);
    expect(run).toMatchObject({ Status: 'Completed', Percentage: 100, Error: null });
    expect(run.DoneItems).toBe(run.TotalItems);
    expect(run.ChangedItems).toBe(totals.ChangedItems);
    expect(run.FinishedAt).not.toBeNull();

    const cost = await rows<{ purchase_price: string; source_pricelist_id: number }>(
      sql`select c.purchase_price, c.source_pricelist_id from pricelist_item_costs c join priceable_items i on i.id = c.priceable_item_id where c.pricelist_id = ${northwind} and i.product_name = 'SKYLINE_MAIL'`,
    );
    expect(cost).toEqual([{ purchase_price: '4.430000', source_pricelist_id: base }]);
    const events = await rows<{ payload: { Event: string; MarketplaceId: number; TimeStamp: string } }>(sql`select payload from outbox_events where event = 'DP_UpdateComplete' order by id`);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({ Event: 'DP_UpdateComplete', MarketplaceId: base, TimeStamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string });
    // The status by pricelist answers its latest run.
    expect(((await op('GetPropagationStatus', { marketplaceId: base })).body.Run as Run).RunId).toBe(run.RunId);
  });

  it('changes nothing when the same propagation runs again', async () => {
    const before = await rows<{ propagated_at: string }>(sql`select propagated_at::text from pricelist_item_costs where pricelist_id = ${fabrikam} order by priceable_item_id`);
    const preview = await op('PreviewPropagation', { marketplaceId: base });
    expect((preview.body.Totals as { ChangedItems: number }).ChangedItems).toBe(0);
    const started = await op('Propagate', { marketplaceId: base, previewId: preview.body.PreviewId });
    const run = await finishedRun((started.body.Run as Run).RunId);
    expect(run).toMatchObject({ Status: 'Completed', Percentage: 100, ChangedItems: 0 });
    expect(run.TotalItems).toBeGreaterThan(0);
    expect(await rows(sql`select propagated_at::text from pricelist_item_costs where pricelist_id = ${fabrikam} order by priceable_item_id`)).toEqual(before);
    // Each run ends with its own event, written once.
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from outbox_events where event = 'DP_UpdateComplete'`))[0]!.n).toBe(2);
  });

  it('adds a service a target lacks and propagates to one customer reseller only', async () => {
    await server.handle.db.execute(sql`delete from pricelist_services where pricelist_id = ${fabrikam} and product_name = 'ORBIT_WIKI'`);
    const fabrikamAccount = await idOf(sql`select id from accounts where display_name = 'Fabrikam Distribution'`);
    const preview = await op('PreviewPropagation', { marketplaceId: base, customerAccountIds: [fabrikamAccount] });
    expect(preview.status).toBe(200);
    expect(preview.body.Targets).toEqual([expect.objectContaining({ MarketplaceId: fabrikam, ServicesAdded: 1, ChangedItemsCount: 0 })]);
    const run = await finishedRun(((await op('Propagate', { marketplaceId: base, previewId: preview.body.PreviewId })).body.Run as Run).RunId);
    expect(run.Status).toBe('Completed');
    expect(await rows(sql`select product_name from pricelist_services where pricelist_id = ${fabrikam} and product_name = 'ORBIT_WIKI'`)).toHaveLength(1);
    const company = await idOf(sql`select id from accounts where display_name = 'Contoso Ltd'`);
    expect((await op('PreviewPropagation', { marketplaceId: base, customerAccountIds: [company] })).status).toBe(400);
  });

  it('refuses to apply a preview whose source prices moved since (409), and an unknown preview (400)', async () => {
    const preview = await op('PreviewPropagation', { marketplaceId: base });
    await server.handle.db.execute(sql`update pricing_rules set parameter = '9' where pricelist_id = ${base} and name = 'Distribution markup'`);
    const refused = await op('Propagate', { marketplaceId: base, previewId: preview.body.PreviewId });
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toBe('Prices changed since the preview. Preview again.');
    const unknown = await op('Propagate', { marketplaceId: base, previewId: 'no-such-preview' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.Message).toContain('previewId');

    const again = await op('PreviewPropagation', { marketplaceId: base });
    expect((again.body.Totals as { ChangedItems: number }).ChangedItems).toBeGreaterThan(0);
    const run = await finishedRun(((await op('Propagate', { marketplaceId: base, previewId: again.body.PreviewId })).body.Run as Run).RunId);
    expect(run.Status).toBe('Completed');
    expect(run.ChangedItems).toBe((again.body.Totals as { ChangedItems: number }).ChangedItems);
  });

  it('runs without HTTP for the benchmark', async () => {
    const adminAccount = await idOf(sql`select a.id from accounts a join users u on u.account_id = a.id where u.username = 'admin'`);
    const result = await previewAndApplyPropagation(server.handle.db, { sourcePricelistId: base, startedByAccountId: adminAccount });
    expect(result).toMatchObject({ status: 'Completed', changedItems: 0 });
    expect(result.preview.Totals.TargetPricelists).toBe(2);
  });
});

describe('access', () => {
  it("answers 403 for a pricelist outside the caller's hierarchy", async () => {
    const [latest] = await rows<{ id: number }>(sql`select id from propagation_runs order by id desc limit 1`);
    for (const [cookie, marketplaceId] of [
      [other, northwind],
      [reseller, base],
      [reseller, fabrikam],
    ] as const) {
      expect((await op('GetPropagationFilters', { marketplaceId }, cookie)).status).toBe(403);
      expect((await op('SavePropagationFilters', { marketplaceId, filters: [] }, cookie)).status).toBe(403);
      expect((await op('PreviewPropagation', { marketplaceId }, cookie)).status).toBe(403);
      expect((await op('Propagate', { marketplaceId, previewId: 'x' }, cookie)).status).toBe(403);
      expect((await op('GetPropagationStatus', { marketplaceId }, cookie)).status).toBe(403);
    }
    expect((await op('GetPropagationStatus', { runId: latest!.id }, reseller)).status).toBe(403);
    expect((await op('GetPropagationStatus', { runId: 999_999 }, reseller)).status).toBe(403);
    // Northwind's own pricelist has no customer resellers: nothing to propagate to.
    const own = await op('PreviewPropagation', { marketplaceId: northwind }, reseller);
    expect(own.status).toBe(200);
    expect(own.body.Targets).toEqual([]);
  });
});
