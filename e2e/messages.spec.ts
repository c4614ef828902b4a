import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, signIn, snapshot } from './support';

// Issue 10 item 14: a success message covered the action buttons at the top right of the page. spec
// §2 Messages: messages are banners; they take a place of their own above the footer, so they hide
// no control, and they move nothing on the page (issue 12).

const CONTROLS = 'button, a[href], input:not([type="hidden"]), [role="tab"]';

/** Those of `controls` that a click at their centre does not reach (something lies over them). */
async function coveredControls(controls: Locator): Promise<string[]> {
  return controls.evaluateAll((elements) =>
    elements
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit === null || !(element.contains(hit) || hit.contains(element));
      })
      .map((element) => element.getAttribute('aria-label') ?? element.textContent ?? element.tagName),
  );
}

async function openOwnAccount(page: Page): Promise<void> {
  await signIn(page, 'company.admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Claire' })).toBeVisible();
  await page.getByRole('button', { name: 'Only necessary' }).click();
  await page.getByRole('button', { name: 'Claire Dubois' }).click();
  await page.getByRole('menuitem', { name: 'Claire Dubois' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Claire Dubois' })).toBeVisible();
}

test("a success message hides none of the page's controls and sits above the footer", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openOwnAccount(page);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Phone' }).fill('+44 20 7946 0958');
  await page.getByRole('button', { name: 'Save' }).click();
  const message = page.getByRole('status').filter({ hasText: 'Your changes have been saved.' });
  await expect(message).toBeVisible();

  // The actions at the top right (Move, Terminate), the header's menus and everything else of the page.
  expect(await coveredControls(page.getByRole('banner').locator(CONTROLS)), 'header controls under the message').toEqual([]);
  expect(await coveredControls(page.getByRole('main').locator(CONTROLS)), 'page controls under the message').toEqual([]);
  const [messageBox, footerBox] = await Promise.all([message.boundingBox(), page.locator('footer').boundingBox()]);
  expect(messageBox!.y + messageBox!.height).toBeLessThanOrEqual(footerBox!.y);
  expect(footerBox!.y + footerBox!.height).toBeLessThanOrEqual(900);
  await expectAccessible(page);
  await snapshot(page, 'message-after-save');
});

test('in a narrow window a success message hides neither the header nor the page actions', async ({ page }) => {
  // 600 px: the header's menus wrap onto a row of their own, where a message in the top corner lay over them.
  await page.setViewportSize({ width: 600, height: 900 });
  await openOwnAccount(page);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Phone' }).fill('+44 20 7946 0957');
  await page.getByRole('button', { name: 'Save' }).click();
  const message = page.getByRole('status').filter({ hasText: 'Your changes have been saved.' });
  await expect(message).toBeVisible();

  expect(await coveredControls(page.getByRole('banner').locator(CONTROLS)), 'header controls under the message').toEqual([]);
  // The page's buttons (Move, Terminate, Edit); its tabs scroll sideways at this width, partly out of view.
  expect(await coveredControls(page.getByRole('main').locator('button')), 'page actions under the message').toEqual([]);
  const [messageBox, footerBox] = await Promise.all([message.boundingBox(), page.locator('footer').boundingBox()]);
  expect(messageBox!.y + messageBox!.height).toBeLessThanOrEqual(footerBox!.y);
  await expectAccessible(page);
});

test('on a page longer than the window a message takes its own place: the end of the page scrolls out from under it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 600 });
  await openOwnAccount(page);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Phone' }).fill('+44 20 7946 0959');
  await page.getByRole('button', { name: 'Save' }).click();
  const message = page.getByRole('status').filter({ hasText: 'Your changes have been saved.' });
  await expect(message).toBeVisible();

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await coveredControls(page.getByRole('main').locator(CONTROLS).last()), 'the last control of the page at its end').toEqual([]);
  await expect(message).toBeVisible();
});
