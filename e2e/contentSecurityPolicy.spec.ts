import { expect, test } from '@playwright/test';
import { expectAccessible, signIn } from './support';

const CONSENT_GIVEN = JSON.stringify({ analytics: false, chat: false, decidedAt: '2026-01-01T00:00:00.000Z' });

// issue 11 item 5: the server sends a strict content security policy; the portal must work under it.
test('the portal runs under its content security policy without a single violation', async ({ page }) => {
  await page.addInitScript((value) => {
    window.localStorage.setItem('cmp.consent', value);
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  }, CONSENT_GIVEN);
  const response = await page.goto('/#/login');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'self'");

  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);

  // The terms text runs in a sandboxed srcdoc frame, which inherits the policy.
  await page.getByRole('button', { name: 'Terms and privacy', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Terms and conditions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Terms and conditions' });
  await expect(dialog.getByRole('tab').first()).toBeVisible();
  await expect(page.frameLocator('iframe[title^="Terms of service"]').locator('body')).not.toBeEmpty();

  const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  expect(violations).toEqual([]);
});
