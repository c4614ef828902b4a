import { expect, test } from '@playwright/test';
import reportsEn from '../apps/web/src/locales/reports/en.json' with { type: 'json' };
import { expectAccessible, signIn, snapshot } from './support';

// Issue 15 "Reports": Northwind's administrator opens /reports, runs "Orders by status" over its
// customers (Contoso Ltd and the others), sorts it on the server, sees the chart and exports the
// shown columns to Excel. Only reads: the run it records is the user's own.

const REPORTS = reportsEn.reports;

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});
// Two axe checks, a chart and a download: over the default 45 s on a busy 2-core machine.
test.setTimeout(120_000);

test("a reseller's administrator runs Orders by status, sorts it, sees its chart and exports it to Excel", async ({ page }) => {
  await signIn(page, 'reseller.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);

  await page.goto('/#/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const frequent = page.getByRole('region', { name: REPORTS.frequent_title });
  await expect(frequent.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('list', { name: REPORTS.all_title }).getByRole('link', { name: /Users and MFA/ })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'reports');

  await page.getByRole('list', { name: REPORTS.all_title }).getByRole('link', { name: /Orders by status/ }).click();
  await expect(page).toHaveURL(/#\/reports\/OrdersByStatus$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders by status' })).toBeVisible();
  await expect(page.getByText(REPORTS.not_run)).toBeVisible();
  await page.getByRole('button', { name: REPORTS.run, exact: true }).click();

  const table = page.getByRole('table', { name: REPORTS.result_title });
  await expect(table.getByRole('row')).not.toHaveCount(0);
  await expect(table.getByRole('row', { name: /Pending/ })).toBeVisible();
  // Sorted by the number of orders at first; by status, A → Z, after one click on its header.
  await table.getByRole('button', { name: 'Status' }).click();
  await expect(table.getByRole('columnheader', { name: 'Status' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.getByRole('row').nth(1)).toContainText('Approved');
  await table.getByRole('button', { name: 'Status' }).click();
  await expect(table.getByRole('columnheader', { name: 'Status' })).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('row').nth(1)).toContainText('Rejected');

  const figure = page.getByRole('figure', { name: 'Bar chart of Orders by Status' });
  await expect(figure).toBeVisible();
  // The chart's own module has loaded (not its spinner) and drew one bar per status.
  const drawing = page.getByTestId('report-chart').locator('svg.MuiChartsSvgLayer-root');
  await expect(drawing).toBeVisible();
  await expect(page.getByTestId('report-chart').getByRole('progressbar')).toHaveCount(0);
  // As many bars as the grid has statuses (the specs before this one may have added Cancelled orders).
  const statuses = (await table.getByRole('row').count()) - 1;
  expect(statuses).toBeGreaterThanOrEqual(3);
  await expect(drawing.locator('.MuiBarChart-element')).toHaveCount(statuses);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: REPORTS.export }).click();
  expect((await download).suggestedFilename()).toMatch(/^Orders_by_status-\d{4}-\d{2}-\d{2}\.xlsx$/);

  await expectAccessible(page);
  await snapshot(page, 'report-orders-by-status');
});

test('an unknown report says "Report not found"', async ({ page }) => {
  await signIn(page, 'reseller.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto('/#/reports/NoSuchReport');
  await expect(page.getByRole('heading', { level: 1, name: REPORTS.not_found_title })).toBeVisible();
  await expectAccessible(page);
});
