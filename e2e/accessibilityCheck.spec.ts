import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signIn } from './support';

// Issue 10 item 6: a footer button with text in its background's colour passed the browser tests'
// accessibility check. These tests inject such defects into a clean screen and expect the check to fail.

async function openDashboard(page: Page): Promise<void> {
  await signIn(page, 'company.admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Claire' })).toBeVisible();
}

test('the check passes the clean dashboard and fails when a footer button has the colour of its background', async ({ page }) => {
  await openDashboard(page);
  await expectAccessible(page);

  const newButton = page.locator('footer').getByRole('button', { name: 'New' });
  await newButton.evaluate((button) => {
    button.style.setProperty('color', getComputedStyle(button).backgroundColor, 'important');
  });
  await expect(expectAccessible(page)).rejects.toThrow(/color-contrast \(serious\): 1:1/);
});

test('the check judges text that the sticky bottom bar lies over', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openDashboard(page);
  await page.locator('main').evaluate((main) => {
    const text = document.createElement('p');
    text.textContent = 'Injected text in light grey on white';
    text.style.cssText = 'margin: 1200px 0 0; color: #d0d0d0; background: #fff';
    main.append(text);
    // Scrolled so that the text lies under the footer, as a user scrolling the page would leave it.
    window.scrollTo(0, text.getBoundingClientRect().bottom + window.scrollY - window.innerHeight + 10);
  });
  await expect(expectAccessible(page)).rejects.toThrow(/color-contrast \(serious\)/);
});

test('the check waits for the data to load and judges what arrives', async ({ page }) => {
  await openDashboard(page);
  await page.locator('main').evaluate((main) => {
    const loading = document.createElement('div');
    loading.setAttribute('role', 'progressbar');
    loading.setAttribute('aria-label', 'Loading');
    main.append(loading);
    setTimeout(() => {
      const text = document.createElement('p');
      text.textContent = 'Loaded text in light grey on white';
      text.style.cssText = 'color: #d0d0d0; background: #fff';
      loading.replaceWith(text);
    }, 1500);
  });
  await expect(expectAccessible(page)).rejects.toThrow(/color-contrast \(serious\)/);
});
