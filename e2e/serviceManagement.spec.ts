import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import catalogEn from '../apps/web/src/locales/catalog/en.json' with { type: 'json' };
import { expectAccessible, signIn, snapshot } from './support';

// Issue 13 "My vendor profile", "My services" and the service tool: a vendor keeps its profile and
// services; a reseller exports My services, imports the file back, disables a service and keeps
// its service groups. axe on every screen and dialog visited.

const CATALOG = catalogEn.catalog;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_all, key: string) => String(values[key] ?? ''));

test.beforeEach(async ({ page }) => {
  // Long walks through several screens and dialogs, each judged by axe.
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
});

async function signedIn(page: Page, user: string) {
  await signIn(page, user);
  await expect(page).toHaveURL(/#\/Dashboard$/);
}

test("a vendor's administrator edits the vendor profile, sees it saved, and opens the service editor", async ({ page }) => {
  await signedIn(page, 'vendor.admin');
  await page.goto('/#/Marketplace/VendorProfile');
  await expect(page.getByRole('heading', { level: 1, name: 'My vendor profile' })).toBeVisible();
  const form = page.getByRole('form', { name: fill(CATALOG.profile_title, { name: 'Skyline Software' }) });
  await expect(form.getByLabel(CATALOG.support_email)).toHaveValue('support@skyline.example');
  await expectAccessible(page);
  await snapshot(page, 'vendor-profile');

  await form.getByLabel(CATALOG.support_email).fill('not an address');
  await form.getByLabel(CATALOG.profile_text).fill('Skyline builds mail, office and CRM services — now with 24/7 support.');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(CATALOG.problem_email)).toBeVisible();
  await form.getByLabel(CATALOG.support_email).fill('care@skyline.example');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(fill(CATALOG.profile_saved, { name: 'Skyline Software' }))).toBeVisible();

  await page.reload();
  const reloaded = page.getByRole('form', { name: fill(CATALOG.profile_title, { name: 'Skyline Software' }) });
  await expect(reloaded.getByLabel(CATALOG.support_email)).toHaveValue('care@skyline.example');
  await expect(reloaded.getByLabel(CATALOG.profile_text)).toHaveValue('Skyline builds mail, office and CRM services — now with 24/7 support.');

  // The service list and its editor with the priceable items.
  const services = page.getByRole('table', { name: CATALOG.vendor_services_title });
  await expect(services.getByRole('row', { name: /Skyline Backup/ })).toContainText('0.021');
  await services.getByRole('button', { name: fill(CATALOG.edit_service, { name: 'Skyline Mail' }) }).click();
  const editor = page.getByRole('dialog', { name: fill(CATALOG.edit_service_title, { name: 'Skyline Mail' }) });
  await expect(editor.getByLabel(fill(CATALOG.item_field_label, { field: CATALOG.item_purchase_price, number: 1 }))).toHaveValue('4.10');
  await expectAccessible(page);
  await snapshot(page, 'vendor-service-editor');
  await editor.getByLabel(fill(CATALOG.item_field_label, { field: CATALOG.item_srp, number: 1 })).fill('6,50');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText(CATALOG.problem_decimal)).toBeVisible();
  await editor.getByLabel(fill(CATALOG.item_field_label, { field: CATALOG.item_srp, number: 1 })).fill('6.50');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(fill(CATALOG.service_saved, { name: 'Skyline Mail' }))).toBeVisible();
  await expect(services.getByRole('row', { name: /Skyline Mail/ })).toContainText('SRP 6.50');

  await page.getByRole('button', { name: CATALOG.new_service }).click();
  const creating = page.getByRole('dialog', { name: CATALOG.new_service });
  await creating.getByRole('button', { name: CATALOG.create_service }).click();
  await expect(creating.getByText(CATALOG.form_has_problems)).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'vendor-service-new');
});

test("a reseller's administrator exports My services, imports the file back, and disables a service", async ({ page }) => {
  await signedIn(page, 'reseller.admin');
  await page.goto('/#/Marketplace/MyServices');
  await expect(page.getByRole('heading', { level: 1, name: 'My services' })).toBeVisible();
  const table = page.getByRole('table', { name: CATALOG.my_services_title });
  await expect(table.getByRole('row', { name: /Nimbus DNS Shield/ })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'my-services');

  // Export, change one row's own description, import it back.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: CATALOG.export_excel }).click()]);
  expect(download.suggestedFilename()).toBe('My_services-Northwind_Cloud.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  let edited = false;
  sheet.eachRow((row) => {
    if (row.getCell(1).value === 'ORBIT_WIKI') {
      row.getCell(8).value = 'Our company wiki, set up by Northwind.';
      edited = true;
    }
  });
  expect(edited).toBe(true);
  const changed = Buffer.from(await workbook.xlsx.writeBuffer());

  await page.getByRole('button', { name: CATALOG.import_excel }).click();
  const dialog = page.getByRole('dialog', { name: CATALOG.import_title });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a workbook') });
  await dialog.getByRole('button', { name: CATALOG.upload }).click();
  await expect(dialog.getByRole('alert')).toHaveText('File format not supported');

  // A bad row: the whole file is refused and the row is named.
  const bad = new ExcelJS.Workbook();
  await bad.xlsx.load(changed as unknown as ArrayBuffer);
  bad.worksheets[0]!.getRow(3).getCell(5).value = 'maybe';
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'services.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await bad.xlsx.writeBuffer()) });
  await dialog.getByRole('button', { name: CATALOG.upload }).click();
  const report = dialog.getByRole('table', { name: CATALOG.import_errors_table });
  await expect(report.getByRole('row', { name: /Enter Yes or No instead of maybe/ })).toContainText('3');
  await expectAccessible(page);
  await snapshot(page, 'my-services-import-errors');

  await dialog.locator('input[type="file"]').setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: changed });
  await dialog.getByRole('button', { name: CATALOG.upload }).click();
  await expect(dialog.getByRole('status').filter({ hasText: fill(CATALOG.import_done, { read: sheet.actualRowCount - 1, changed: 1 }) })).toBeVisible();
  await snapshot(page, 'my-services-import-done');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByLabel(CATALOG.filter_services).fill('wiki');
  await expect(table.getByRole('row', { name: /Orbit Wiki/ })).toContainText(fill(CATALOG.own_texts, { languages: 'en' }));

  // Disable a service for Northwind's customers, and see it stay off.
  await page.getByLabel(CATALOG.filter_services).fill('Nimbus VPN');
  const vpn = page.getByRole('switch', { name: fill(CATALOG.enable_for_customers, { name: 'Nimbus VPN' }) });
  await expect(vpn).toBeChecked();
  await vpn.click();
  await expect(page.getByText(fill(CATALOG.service_disabled, { name: 'Nimbus VPN' }))).toBeVisible();
  await page.reload();
  await page.getByLabel(CATALOG.filter_services).fill('Nimbus VPN');
  await expect(page.getByRole('switch', { name: fill(CATALOG.enable_for_customers, { name: 'Nimbus VPN' }) })).not.toBeChecked();

  await page.getByRole('button', { name: fill(CATALOG.edit_texts, { name: 'Nimbus VPN' }) }).click();
  const texts = page.getByRole('dialog', { name: fill(CATALOG.edit_texts_title, { name: 'Nimbus VPN' }) });
  await texts.getByLabel(fill(CATALOG.field_display_name, { language: 'English' })).fill('Northwind Secure VPN');
  await expectAccessible(page);
  await snapshot(page, 'my-services-texts');
  await texts.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(fill(CATALOG.texts_saved, { name: 'Nimbus VPN' }))).toBeVisible();
});

test("a reseller's administrator keeps its service groups in the service tool", async ({ page }) => {
  await signedIn(page, 'reseller.admin');
  await page.goto('/#/service-tool/edit-service-groups');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: CATALOG.groups_title });
  await expect(table.getByRole('row', { name: /Collaboration/ })).toContainText('Collaboration margin (Northwind standard)');
  await expectAccessible(page);
  await snapshot(page, 'service-groups');

  await page.getByRole('button', { name: CATALOG.new_group }).click();
  const dialog = page.getByRole('dialog', { name: CATALOG.new_group });
  await dialog.getByLabel(CATALOG.group_name).fill('Security essentials');
  await dialog.getByRole('combobox', { name: CATALOG.group_services }).fill('Nimbus MFA');
  await page.getByRole('option', { name: /Nimbus MFA/ }).click();
  await expectAccessible(page);
  await snapshot(page, 'service-groups-new');
  await dialog.getByRole('button', { name: CATALOG.create_group }).click();
  await expect(table.getByRole('row', { name: /Security essentials/ })).toContainText('Nimbus MFA');

  // A group a pricing rule uses is refused, naming the rule.
  await table.getByRole('button', { name: fill(CATALOG.delete_group, { name: 'Collaboration' }) }).click();
  await page.getByRole('alertdialog', { name: CATALOG.delete_group_title }).getByRole('button', { name: 'Yes, do it' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Collaboration margin' })).toBeVisible();

  await table.getByRole('button', { name: fill(CATALOG.delete_group, { name: 'Security essentials' }) }).click();
  const confirm = page.getByRole('alertdialog', { name: CATALOG.delete_group_title });
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Yes, do it' }).click();
  await expect(table.getByRole('row', { name: /Security essentials/ })).toHaveCount(0);
});
