import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { openMailbox } from './mailbox';
import { DEMO_PASSWORD, expectAccessible, signIn, snapshot } from './support';

const NEW_PASSWORD = 'Brisk-Falcon-42-River';

test.describe.configure({ mode: 'serial' });
let mailbox: Awaited<ReturnType<typeof openMailbox>>;
test.beforeAll(async () => {
  mailbox = await openMailbox();
});
test.afterAll(async () => {
  await mailbox?.close();
});

async function currentUserId(page: Page): Promise<number> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post('/DataModel/service.svc/rest/IAuthorizationService/GetCurrentUser', { data: {}, headers: { 'x-xsrf-token': xsrf } });
  return (await res.json()).UserAccountId;
}

test('password reset by e-mail, end to end', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByRole('link', { name: "Can't sign in?" }).click();
  await expect(page).toHaveURL(/#\/reset-password$/);
  await expectAccessible(page);
  const before = mailbox.count();
  await page.getByLabel('Username').fill('priya.patel');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(/we have sent an e-mail/i)).toBeVisible();

  const mail = await mailbox.waitFor('priya.patel@sales.example', before);
  const link = mail.text.match(/http:\/\/127\.0\.0\.1:\d+\/#\/reset-password\/[^\s]+/)![0];
  await page.goto(link);
  await page.getByLabel('New password').fill('short');
  await expect(page.getByText('At least 12 characters')).toBeVisible();
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD + 'x');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await expectAccessible(page);
  await snapshot(page, 'reset-password');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  await signIn(page, 'priya.patel', NEW_PASSWORD);
  await expect(page).toHaveURL(/#\/Dashboard$/);
});

test('authenticator app: set up with the QR code secret, then sign in with a code generated here', async ({ page }) => {
  await signIn(page, 'lena.nowak');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto(`/#/account/${await currentUserId(page)}/user-security`);
  await page.getByRole('button', { name: 'Add authenticator app' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Set up' }).click();
  await expect(dialog.getByRole('img')).toBeVisible();
  const secret = (await dialog.getByLabel('Secret key').inputValue()).replace(/\s+/g, '');
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  await expectAccessible(page);
  await snapshot(page, 'setup-totp');
  // The code right before it is sent: the accessibility check may take longer than a 30-second step.
  await dialog.getByLabel('Security code').fill(totp.generate());
  await dialog.getByRole('button', { name: /Confirm|Verify/ }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('cell', { name: /authenticator/i }).first()).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, 'lena.nowak');
  await expect(page).toHaveURL(/#\/login-mfa/);
  await page.getByLabel('Security code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('MFA code is incorrect. Please try again.');
  await expectAccessible(page);
  // Each code is accepted once: the next step's code (inside the ±1 step window) is never the one the set-up used.
  await page.getByLabel('Security code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/#\/Dashboard$/);
});

test('e-mailed security code: set up, then sign in with the code from the mail', async ({ page }) => {
  await signIn(page, 'tom.becker');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto(`/#/account/${await currentUserId(page)}/user-security`);
  let mark = mailbox.count();
  await page.getByRole('button', { name: 'Add e-mail codes' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Send code' }).click();
  const setupMail = await mailbox.waitFor('tom.becker@sales.example', mark);
  await dialog.getByLabel('Security code').fill(setupMail.text.match(/\b(\d{6})\b/)![1]!);
  await dialog.getByRole('button', { name: /Confirm|Verify/ }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.context().clearCookies();
  mark = mailbox.count();
  await signIn(page, 'tom.becker');
  await expect(page).toHaveURL(/#\/login-mfa/);
  const signInMail = await mailbox.waitFor('tom.becker@sales.example', mark);
  await page.getByLabel('Security code').fill(signInMail.text.match(/\b(\d{6})\b/)![1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/#\/Dashboard$/);
});

test('repeated failures lock the user out, with the same message as a wrong password', async ({ page }) => {
  for (let i = 0; i < 10; i += 1) {
    await signIn(page, 'proseware.ops', `Wrong-Password-${i}!`);
    await expect(page.getByRole('alert')).toContainText('The username or password is incorrect.');
  }
  await signIn(page, 'proseware.ops', DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toContainText('The username or password is incorrect.');
  await expect(page).toHaveURL(/#\/login/);
});

test('a denied address cannot sign in', async ({ page, browser, request }) => {
  // The company's id, as a partner script would learn it: sign in server to server and read AccountPath.
  const signedIn = await request.post('/DataModel/service.svc/rest/IAuthorizationService/Authenticate', { data: { userName: 'tailspin.admin', password: DEMO_PASSWORD } });
  const companyId = Number(((await signedIn.json()).AccountPath as string).split('/').filter(Boolean).at(-2));
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto(`/#/account/${companyId}/security`);
  await expect(page.getByLabel('Minimum length')).toHaveValue('12');
  await page.getByLabel('Deny list').fill('203.0.113.0/24');
  await expectAccessible(page);
  await snapshot(page, 'security-ip');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByText(/saved/i).first()).toBeVisible();

  const outsider = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.9' } });
  const blocked = await outsider.newPage();
  await signIn(blocked, 'tailspin.admin');
  await expect(blocked.getByRole('alert')).toContainText('203.0.113.9');
  await outsider.close();

  const insider = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.4' } });
  const allowed = await insider.newPage();
  await signIn(allowed, 'tailspin.admin');
  await expect(allowed).toHaveURL(/#\/Dashboard$/);
  await insider.close();
});

test('impersonation shows the badge, and Unimpersonate returns to the administrator', async ({ page }) => {
  await signIn(page, 'company.user');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  const userId = await currentUserId(page);
  await page.context().clearCookies();
  await signIn(page, 'reseller.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto(`/#/account/${userId}/user-security`);
  await page.getByRole('button', { name: 'Sign in as this user' }).click();
  await expect(page.getByText('Impersonated')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Carl');
  await expectAccessible(page);
  await snapshot(page, 'impersonated');
  await page.getByRole('button', { name: /Carl Jensen/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Change password' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'End impersonation' }).click();
  await expect(page.getByText('Impersonated')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Nora');
});
