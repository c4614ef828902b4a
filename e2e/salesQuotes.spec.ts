import { expect, test, type Page } from '@playwright/test';
import quotesEn from '../apps/web/src/locales/quotes/en.json' with { type: 'json' };
import ordersEn from '../apps/web/src/locales/orders/en.json' with { type: 'json' };
import wizardEn from '../apps/web/src/locales/order_wizard/en.json' with { type: 'json' };
import { openMailbox } from './mailbox';
import { expectAccessible, signIn, snapshot } from './support';

// Issue 17 "Tests that must exist", browser: a quote from draft to order. Northwind's reseller.admin
// drafts a quote for Contoso Ltd (a service of Contoso's pricelist, with a discount) and sends it —
// Contoso's company.admin receives it by e-mail with the PDF — then company.admin accepts it in the
// portal and the order appears under My orders. axe on every screen and dialog visited.

const QUOTES = quotesEn.quotes;
const ORDERS = ordersEn.orders;
const WIZARD = wizardEn.order_wizard;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_all, key: string) => String(values[key] ?? ''));
const QUOTE_NAME = `Endpoint protection ${Date.now()}`;

let mailbox: Awaited<ReturnType<typeof openMailbox>>;
test.beforeAll(async () => {
  mailbox = await openMailbox();
});
test.afterAll(async () => {
  await mailbox?.close();
});
test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});
test.setTimeout(240_000);

async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.goto('/#/login');
}

async function choose(page: Page, field: RegExp, option: RegExp) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
}

test('a quote from draft to order: the reseller drafts and sends it, the customer accepts it, the order appears', async ({ page }) => {
  // ── reseller.admin drafts the quote ──
  await signIn(page, 'reseller.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto('/#/QuotationTool/Quotes');
  await expect(page.getByRole('heading', { level: 1, name: 'My quotes' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: QUOTES.new_quote }).click();
  const editor = page.getByRole('dialog', { name: QUOTES.editor_title_new });
  await choose(page, /^Customer/, /^Contoso Ltd$/);
  await editor.getByRole('textbox', { name: /^Quote name/ }).fill(QUOTE_NAME);
  await choose(page, /^Service \(line 1\)/, /^Nimbus Endpoint Protection — /);
  await editor.getByRole('spinbutton', { name: /^Quantity \(line 1\)/ }).fill('5');
  await editor.getByRole('textbox', { name: /^Discount % \(line 1\)/ }).fill('5');
  await editor.getByRole('textbox', { name: /^Terms/ }).fill('Payment within 30 days.');
  await expect(editor.getByRole('textbox', { name: /^Currency/ })).toHaveValue('EUR');
  await snapshot(page, 'quotes-editor');
  await expectAccessible(page);
  await editor.getByRole('button', { name: QUOTES.save_draft }).click();
  await expect(editor).toBeHidden();

  // ── the draft, priced by the server, is sent ──
  const details = page.getByRole('dialog', { name: new RegExp(`^${QUOTE_NAME} \\(quote \\d+\\)$`) });
  await expect(details).toBeVisible();
  const title = (await details.getByRole('heading').first().textContent())!;
  const quoteId = Number(/quote (\d+)\)$/.exec(title)![1]);
  const quoteName = fill(QUOTES.quote_name, { name: QUOTE_NAME, id: quoteId });
  await expect(details.getByText(QUOTES.status.Draft, { exact: true })).toBeVisible();
  await expect(details.getByRole('rowheader', { name: 'Nimbus Endpoint Protection' })).toBeVisible();
  await expect(details.getByText('5.00 %')).toBeVisible();
  await snapshot(page, 'quotes-details-draft');
  await expectAccessible(page);
  const mailsBefore = mailbox.count();
  await details.getByRole('button', { name: QUOTES.send, exact: true }).click();
  const confirmSend = page.getByRole('alertdialog', { name: QUOTES.confirm_send_title });
  await expect(confirmSend).toContainText('Contoso Ltd');
  await expectAccessible(page);
  await confirmSend.getByRole('button', { name: QUOTES.send, exact: true }).click();
  // The outcome is said in a message and the dialog shows the new status.
  await expect(page.getByText(fill(QUOTES.sent, { name: quoteName }))).toBeAttached();
  await expect(details.getByText(QUOTES.status.Sent, { exact: true })).toBeVisible();
  await details.getByRole('button', { name: QUOTES.close }).click();

  // The customer's administrator receives the quote with its PDF.
  const mail = await mailbox.waitFor('company.admin@contosoltd.example', mailsBefore);
  expect(mail.text).toContain(`quote-${quoteId}.pdf`);
  expect(mail.text).toContain('application/pdf');

  // The list shows it Sent; so do Customer quotes and the deprecated sales tool.
  const row = page.getByRole('row', { name: new RegExp(QUOTE_NAME) });
  await expect(row).toContainText(QUOTES.status.Sent);
  await snapshot(page, 'quotes-my-quotes');
  await page.goto('/#/QuotationTool/CustomerQuotes');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer quotes' })).toBeVisible();
  await page.getByRole('searchbox', { name: QUOTES.filter_text }).fill(QUOTE_NAME);
  await expect(page.getByRole('row', { name: new RegExp(QUOTE_NAME) })).toBeVisible();
  await snapshot(page, 'quotes-customer-quotes');
  await expectAccessible(page);
  await page.goto('/#/SalesQuotes');
  await expect(page.getByRole('heading', { level: 1, name: 'Sales quotes' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(QUOTE_NAME) })).toBeVisible();
  await expectAccessible(page);
  await signOut(page);

  // ── company.admin accepts it ──
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto('/#/QuotationTool/Quotes');
  const customerRow = page.getByRole('row', { name: new RegExp(QUOTE_NAME) });
  await expect(customerRow).toContainText(QUOTES.status.Sent);
  await expectAccessible(page);
  await customerRow.getByRole('button', { name: fill(QUOTES.show_details, { name: quoteName }) }).click();
  const customerDetails = page.getByRole('dialog', { name: quoteName });
  await expect(customerDetails.getByRole('button', { name: QUOTES.edit })).toHaveCount(0);
  await snapshot(page, 'quotes-details-customer');
  await expectAccessible(page);
  await customerDetails.getByRole('button', { name: QUOTES.accept, exact: true }).click();
  const confirmAccept = page.getByRole('dialog', { name: QUOTES.confirm_accept_title });
  await expect(confirmAccept).toContainText(QUOTES.accept_no_fields);
  await expectAccessible(page);
  await confirmAccept.getByRole('button', { name: QUOTES.accept, exact: true }).click();
  await expect(page.getByText(fill(QUOTES.accepted, { name: quoteName }))).toBeAttached();
  await expect(customerDetails.getByText(QUOTES.status.Accepted, { exact: true })).toBeVisible();
  const orderLink = customerDetails.getByRole('link', { name: /^Order \d+$/ });
  const orderId = Number((await orderLink.textContent())!.replace(/\D/g, ''));
  await snapshot(page, 'quotes-details-accepted');
  await expectAccessible(page);

  // ── the order appears under My orders ──
  await orderLink.click();
  await expect(page).toHaveURL(/#\/orders\/my-orders$/);
  const orderRow = page.getByRole('row', { name: new RegExp(`Order ${orderId}\\b`) });
  await expect(orderRow).toContainText('Nimbus Endpoint Protection');
  await snapshot(page, 'quotes-my-orders');
  await expectAccessible(page);
});

// Issue 30 item 1: a quote for a service with required order fields can be accepted. Skyline Mail asks
// for a Mail domain (required); reseller.admin quotes it to Contoso without one, and company.admin
// fills it in the accept dialog (the order wizard's editors), which refuses to accept before. The
// order is placed with the domain and, once the vendor sandbox delivered, its subscription is Active.
test('a quote for Skyline Mail: the customer fills the mail domain when accepting, and the order becomes Active', async ({ page }) => {
  const name = `Mail for Contoso ${Date.now()}`;
  await signIn(page, 'reseller.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto('/#/QuotationTool/Quotes');
  await page.getByRole('button', { name: QUOTES.new_quote }).click();
  const editor = page.getByRole('dialog', { name: QUOTES.editor_title_new });
  await choose(page, /^Customer/, /^Contoso Ltd$/);
  await editor.getByRole('textbox', { name: /^Quote name/ }).fill(name);
  await choose(page, /^Service \(line 1\)/, /^Skyline Mail — /);
  await editor.getByRole('spinbutton', { name: /^Quantity \(line 1\)/ }).fill('5');
  // The service's order fields, optional for the reseller: the domain is left to the customer.
  const line = editor.getByRole('group', { name: fill(QUOTES.line_label, { number: 1 }) });
  await expect(line.getByText(QUOTES.editor_fields_help)).toBeVisible();
  await expect(line.getByRole('textbox', { name: 'Mail domain' })).not.toHaveAttribute('required', '');
  await line.getByRole('textbox', { name: 'Mailboxes' }).fill('5');
  await snapshot(page, 'quotes-editor-fields');
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await line.getByRole('textbox', { name: 'Mailboxes' }).scrollIntoViewIfNeeded();
  await snapshot(page, 'quotes-editor-fields-phone');
  await page.setViewportSize({ width: 1280, height: 900 });
  await editor.getByRole('button', { name: QUOTES.save_draft }).click();
  await expect(editor).toBeHidden();
  const details = page.getByRole('dialog', { name: new RegExp(`^${name} \\(quote \\d+\\)$`) });
  const quoteId = Number(/quote (\d+)\)$/.exec((await details.getByRole('heading').first().textContent())!)![1]);
  const quoteName = fill(QUOTES.quote_name, { name, id: quoteId });
  await details.getByRole('button', { name: QUOTES.send, exact: true }).click();
  await page.getByRole('alertdialog', { name: QUOTES.confirm_send_title }).getByRole('button', { name: QUOTES.send, exact: true }).click();
  await expect(details.getByText(QUOTES.status.Sent, { exact: true })).toBeVisible();
  await signOut(page);

  // ── company.admin accepts, filling the domain the quote left open ──
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto('/#/QuotationTool/Quotes');
  await page.getByRole('row', { name: new RegExp(name) }).getByRole('button', { name: fill(QUOTES.show_details, { name: quoteName }) }).click();
  const customerDetails = page.getByRole('dialog', { name: quoteName });
  await customerDetails.getByRole('button', { name: QUOTES.accept, exact: true }).click();
  const accept = page.getByRole('dialog', { name: QUOTES.confirm_accept_title });
  const mailLine = accept.getByRole('region', { name: fill(QUOTES.accept_line_title, { service: 'Skyline Mail', quantity: 5 }) });
  const domain = mailLine.getByRole('textbox', { name: 'Mail domain' });
  await expect(domain).toHaveAttribute('required', '');
  // What the reseller filled shows as quoted.
  await expect(mailLine.getByText(QUOTES.accept_fields_quoted)).toBeVisible();
  await accept.getByRole('button', { name: QUOTES.accept, exact: true }).click();
  await expect(accept.getByText(fill(WIZARD.errors.view_required, { field: 'Mail domain' }))).toBeVisible();
  await expect(domain).toBeFocused();
  await expect(page.getByText(/Product_/)).toHaveCount(0);
  await snapshot(page, 'quotes-accept-dialog');
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await snapshot(page, 'quotes-accept-dialog-phone');
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await domain.fill('mail.quote-e2e.example');
  await accept.getByRole('button', { name: QUOTES.accept, exact: true }).click();
  await expect(accept).toBeHidden();
  await expect(page.getByText(fill(QUOTES.accepted, { name: quoteName }))).toBeAttached();
  await expect(customerDetails.getByText(QUOTES.status.Accepted, { exact: true })).toBeVisible();
  const orderLink = customerDetails.getByRole('link', { name: /^Order \d+$/ });
  const orderId = Number((await orderLink.textContent())!.replace(/\D/g, ''));

  // ── the order, followed until the vendor delivered: Active ──
  await orderLink.click();
  await expect(page).toHaveURL(/#\/orders\/my-orders$/);
  const orderRow = page.getByRole('table', { name: ORDERS.my_orders_title }).getByRole('row', { name: new RegExp(`Order ${orderId}\\b`) });
  await expect(orderRow).toContainText('Skyline Mail');
  await expect(async () => {
    await page.reload();
    await expect(orderRow).toContainText(ORDERS.subscription_status.Active, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expectAccessible(page);
});
