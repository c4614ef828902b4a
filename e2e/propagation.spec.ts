import { expect, test } from '@playwright/test';
import texts from '../apps/web/src/locales/propagation/en.json' with { type: 'json' };
import { expectAccessible, signIn, snapshot } from './support';

// Issue 13 "Propagation" and /add-to-pricelist: the platform owner's administrator filters,
// previews and runs a propagation of its base pricelist down to its customer resellers'
// pricelists; Northwind's administrator adds a catalog service to its pricelist.

const PROPAGATION = texts.propagation;
const ADD = texts.add_to_pricelist;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_all, key: string) => String(values[key] ?? ''));

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

test("the platform owner's administrator previews and runs a propagation of the base pricelist and sees it complete", async ({ page }) => {
  // The preview lists every changed item of two pricelists: the accessibility checks of a long page take their time on a busy machine.
  test.setTimeout(120_000);
  // The demo switches the event hub on (issue 16): the portal connects with the SignalR client on sign-in.
  const eventHub = page.waitForEvent('websocket', (socket) => socket.url().includes('/hub/api'));
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto('/#/propagation');
  await expect(page.getByRole('heading', { level: 1, name: 'Service propagation' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: PROPAGATION.source_pricelist })).toHaveText('Base pricelist');
  await expect(page.getByText(PROPAGATION.filters_none)).toBeVisible();
  await expect(page.getByRole('button', { name: PROPAGATION.propagate, exact: true })).toBeDisabled();
  await expectAccessible(page);

  // A filter leaving the vendors empty, saved; a second one conflicts and replaces it after confirmation.
  await page.getByRole('button', { name: PROPAGATION.add_filter }).click();
  await page.getByRole('combobox', { name: PROPAGATION.tags }).fill('training');
  await page.getByRole('combobox', { name: PROPAGATION.tags }).press('Enter');
  await page.getByRole('combobox', { name: PROPAGATION.tag_filter_type }).click();
  await page.getByRole('option', { name: PROPAGATION.filter_types.Exclude }).click();
  await page.getByRole('button', { name: PROPAGATION.save_filters }).click();
  await expect(page.getByText(PROPAGATION.filters_saved)).toBeVisible();
  await page.getByRole('button', { name: PROPAGATION.add_filter }).click();
  await expect(page.getByRole('group', { name: fill(PROPAGATION.filter_number, { number: 2 }) })).toBeVisible();
  await page.getByRole('button', { name: PROPAGATION.save_filters }).click();
  const dialog = page.getByRole('alertdialog', { name: PROPAGATION.conflict_title });
  await expect(dialog).toContainText('only one filter may leave the vendors empty');
  await expectAccessible(page);
  await snapshot(page, 'propagation-conflict');
  await dialog.getByRole('button', { name: PROPAGATION.conflict_delete }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('group', { name: fill(PROPAGATION.filter_number, { number: 1 }) })).toBeVisible();
  await expect(page.getByRole('group', { name: fill(PROPAGATION.filter_number, { number: 2 }) })).toHaveCount(0);
  // The kept filter excludes nothing: every service passes.
  await expect(page.getByRole('button', { name: 'training' })).toHaveCount(0);

  await page.getByRole('button', { name: PROPAGATION.preview, exact: true }).click();
  const northwind = page.getByRole('table', { name: fill(PROPAGATION.target_heading, { name: 'Northwind standard', owner: 'Northwind Cloud' }) });
  await expect(northwind).toBeVisible();
  await expect(page.getByRole('heading', { name: fill(PROPAGATION.target_heading, { name: 'Fabrikam DACH', owner: 'Fabrikam Distribution' }) })).toBeVisible();
  // Skyline Mail: Northwind buys at the base price (4.10 + 8 % = 4.43) and sells at its 25 % gross margin.
  const mail = northwind.getByRole('row', { name: /Skyline Mail – Subscription/ });
  await expect(mail).toContainText('€4.10');
  await expect(mail).toContainText('€4.43');
  await expect(mail).toContainText('€5.91');
  await expectAccessible(page);
  await snapshot(page, 'propagation-preview');

  const hubSocket = await eventHub;
  const finished = hubSocket.waitForEvent('framereceived', { predicate: (frame) => String(frame.payload).includes('"DP_UpdateComplete"'), timeout: 45_000 });
  await page.getByRole('button', { name: PROPAGATION.propagate, exact: true }).click();
  const progress = page.getByRole('progressbar', { name: PROPAGATION.progress_label });
  await expect(progress).toBeVisible();
  await expect(page.getByText(/Propagation completed on .*: \d+ of \d+ items changed\./)).toBeVisible({ timeout: 30_000 });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText(/100 % · (\d+) of \1 items done/)).toBeVisible();
  await expect(page.getByRole('button', { name: PROPAGATION.propagate, exact: true })).toBeDisabled();
  // The finished run reached the portal through the event hub as onServerMessage (spec §4 DP_UpdateComplete).
  const frame = JSON.parse(String((await finished).payload).split('\u001e')[0]!) as { target: string; arguments: Record<string, unknown>[] };
  expect(frame.target).toBe('onServerMessage');
  expect(frame.arguments[0]).toEqual({ Event: 'DP_UpdateComplete', MarketplaceId: expect.any(Number), TimeStamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  await expectAccessible(page);
  await snapshot(page, 'propagation-done');
});

test("Northwind's administrator adds a catalog service to its pricelist", async ({ page }) => {
  await signIn(page, 'reseller.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  // Every demo service is on Northwind standard: take one off through the API so there is one to add.
  const listed = await page.request.post('/DataModel/service.svc/rest/IMarketplaceService/GetMarketplaces', { data: {} });
  const standard = ((await listed.json()) as { Marketplaces: { MarketplaceId: number; Name: string }[] }).Marketplaces.find((each) => each.Name === 'Northwind standard')!;
  const removed = await page.request.post('/DataModel/service.svc/rest/IMarketplaceService/RemoveServiceFromMarketplace', { data: { marketplaceId: standard.MarketplaceId, serviceName: 'ORBIT_SIGN' } });
  expect(removed.status()).toBe(200);

  await page.goto('/#/pricelists');
  await page.getByRole('link', { name: fill(ADD.link_label, { name: 'Northwind standard' }) }).click();
  await expect(page).toHaveURL(new RegExp(`#/add-to-pricelist\\?marketplaceId=${standard.MarketplaceId}$`));
  await expect(page.getByRole('heading', { level: 1, name: fill(ADD.heading, { name: 'Northwind standard' }) })).toBeVisible();
  const table = page.getByRole('table', { name: ADD.available_title });
  await expect(table.getByRole('row', { name: /Orbit Sign/ })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'add-to-pricelist');

  await page.getByRole('combobox', { name: ADD.vendor }).click();
  await page.getByRole('option', { name: 'Orbit Analytics' }).click();
  await page.getByRole('searchbox', { name: ADD.search }).fill('sign');
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('checkbox', { name: fill(ADD.select_service, { name: 'Orbit Sign' }) }).check();
  await page.getByRole('button', { name: fill(ADD.add_selected, { count: 1 }) }).click();
  await expect(page.getByText(fill(ADD.added, { name: 'Northwind standard', count: 1 }))).toBeVisible();
  await expect(page.getByText(ADD.none_matching)).toBeVisible();
  await page.getByRole('searchbox', { name: ADD.search }).fill('');
  await page.getByRole('combobox', { name: ADD.vendor }).click();
  await page.getByRole('option', { name: ADD.all_vendors }).click();
  await expect(page.getByText(ADD.none_available)).toBeVisible();
  await expectAccessible(page);
});
