import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, signIn } from './support';

// Issue 16: an administrator announces maintenance and a signed-in page shows the countdown at
// once, without a reload, in the message area (spec §4 Maintenance); withdrawing it removes the
// banner; an administrators' message shows the same way.

const OPERATIONS = '/DataModel/service.svc/rest/ILiveNotificationService';

async function signedInSockets(request: APIRequestContext): Promise<number> {
  const status = await request.post(`${OPERATIONS}/GetLiveChannelStatus`, { data: {} });
  expect(status.status()).toBe(200);
  const body = (await status.json()) as { Nodes: { SignedIn: number }[] };
  return body.Nodes.reduce((sum, node) => sum + node.SignedIn, 0);
}

test('a signed-in page shows an announced countdown and an operators’ message without a reload', async ({ page, request }) => {
  // Lighthouse's mobile window, where a banner pushing the page would show most.
  await page.setViewportSize({ width: 412, height: 823 });
  const signInAdmin = await request.post('/DataModel/service.svc/rest/IAuthorizationService/Authenticate', { data: { userName: 'admin', password: DEMO_PASSWORD } });
  expect(signInAdmin.status()).toBe(200);
  const before = await signedInSockets(request);

  await signIn(page, 'company.admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Claire' })).toBeVisible();
  await page.getByRole('button', { name: 'Only necessary' }).click();
  // The page's live channel is connected and signed in once the node counts it.
  await expect.poll(() => signedInSockets(request), { timeout: 15_000 }).toBeGreaterThan(before);

  // Layout shifts from here on: the banner takes its place in the bottom dock, above the footer,
  // and moves nothing of the page's content.
  await page.evaluate(() => {
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] };
    const target = window as unknown as { liveShift: { total: number; inMain: number } };
    target.liveShift = { total: 0, inMain: 0 };
    new PerformanceObserver((entries) => {
      for (const shift of entries.getEntries() as Shift[]) {
        if (shift.hadRecentInput) continue;
        target.liveShift.total += shift.value;
        target.liveShift.inMain += shift.sources.filter((source) => document.querySelector('main')?.contains(source.node)).length;
      }
    }).observe({ type: 'layout-shift' });
  });
  expect((await request.post(`${OPERATIONS}/AnnounceMaintenance`, { data: { seconds: 300 } })).status()).toBe(200);
  const banner = page.getByRole('alert').filter({ hasText: 'The portal goes down for maintenance in 5 min. Save all your progress.' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Close' })).toBeVisible();
  await page.waitForTimeout(500);
  const shift = await page.evaluate(() => (window as unknown as { liveShift: { total: number; inMain: number } }).liveShift);
  // The same bound as the consent banner's (consentBanner.spec.ts); only the dock's own footer may move.
  expect(shift.inMain, 'page content moved by the banner').toBe(0);
  expect(shift.total).toBeLessThanOrEqual(0.05);
  await expectAccessible(page);

  expect((await request.post(`${OPERATIONS}/CancelMaintenance`, { data: {} })).status()).toBe(200);
  await expect(banner).toHaveCount(0);

  expect((await request.post(`${OPERATIONS}/SendLiveMessage`, { data: { text: 'New prices apply from Monday.' } })).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'New prices apply from Monday.' })).toBeVisible();
});
