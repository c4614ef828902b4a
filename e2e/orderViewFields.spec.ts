import { expect, test } from '@playwright/test';
import wizardEn from '../apps/web/src/locales/order_wizard/en.json' with { type: 'json' };
import { expectAccessible, signIn, snapshot } from './support';

// Issue 14 "Ordering": "the product's view fields (metadata-driven, as account views)". In the demo,
// Skyline Mail's Product layout asks for a required Mail domain (a domain pattern) and Mailboxes.
// Contoso's administrator orders it through New → "Order a service": the configure step renders the
// service's fields, refuses the overview until the required one is filled (the message names it),
// and the overview lists what was entered. The order is not placed, so no other spec's orders,
// open balance or credit check move.

const TEXT = wizardEn.order_wizard;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_all, key: string) => String(values[key] ?? ''));
const stepHeading = (number: number, title: string) => fill(TEXT.step_heading, { number, total: 4, title });

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});
// Three axe checks: over the default 45 s on a busy 2-core machine.
test.setTimeout(120_000);

test("company.admin orders Skyline Mail from the New menu and fills its view fields, which the overview lists", async ({ page }) => {
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.locator('footer').getByRole('button', { name: 'New' }).click();
  await page.getByRole('menuitem', { name: 'Order a service' }).click();
  await expect(page).toHaveURL(/#\/Account\/Create\/Service$/);

  // Account (the caller's company to start with) → service.
  await expect(page.getByRole('heading', { level: 2, name: stepHeading(1, TEXT.steps.account) })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Parent account' })).toHaveValue('Contoso Ltd');
  await page.getByRole('button', { name: TEXT.next, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: stepHeading(2, TEXT.steps.service) })).toBeVisible();
  await page.getByRole('searchbox', { name: TEXT.available_search }).fill('Skyline Mail');
  const services = page.getByRole('table', { name: stepHeading(2, TEXT.steps.service) });
  await services.getByRole('row', { name: /Skyline Mail/ }).getByRole('radio', { name: 'Skyline Mail' }).check();
  await page.getByRole('button', { name: TEXT.next, exact: true }).click();

  // Configure: the service's own fields from its layout, below quantity, term and frequency.
  await expect(page.getByRole('heading', { level: 2, name: stepHeading(3, TEXT.steps.configure) })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Service settings' })).toBeVisible();
  const domain = page.getByRole('textbox', { name: 'Mail domain' });
  const mailboxes = page.getByRole('textbox', { name: 'Mailboxes' });
  await expect(domain).toHaveAttribute('required', '');
  await expect(mailboxes).not.toHaveAttribute('required', '');
  await expectAccessible(page);
  await snapshot(page, 'order-view-fields');

  // The required field blocks the overview and says so by name; the rules are the account forms'.
  await page.getByRole('button', { name: TEXT.show_overview }).click();
  await expect(page.getByText(fill(TEXT.errors.view_required, { field: 'Mail domain' }))).toBeVisible();
  await expect(domain).toBeFocused();
  await domain.fill('not a domain');
  await domain.press('Tab');
  await expect(mailboxes).toBeFocused();
  await expect(page.getByText(fill(TEXT.errors.view_invalid_format, { field: 'Mail domain' }))).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'order-view-fields-error');
  await expect(page.getByRole('heading', { level: 2, name: stepHeading(3, TEXT.steps.configure) })).toBeVisible();

  await domain.fill('mail.contoso-e2e.example');
  await mailboxes.fill('12');
  await page.getByRole('button', { name: TEXT.show_overview }).click();

  // The overview lists the entered values, label: value.
  await expect(page.getByRole('heading', { level: 2, name: stepHeading(4, TEXT.steps.overview) })).toBeVisible();
  const facts = page.locator('dl').first();
  await expect(facts.locator('dt', { hasText: 'Mail domain' })).toBeVisible();
  await expect(facts).toContainText('Mail domainmail.contoso-e2e.example');
  await expect(facts).toContainText('Mailboxes12');
  await expectAccessible(page);
  await snapshot(page, 'order-view-fields-overview');

  // Back on configure, the values are still there.
  await page.getByRole('button', { name: TEXT.back }).click();
  await expect(domain).toHaveValue('mail.contoso-e2e.example');
});
