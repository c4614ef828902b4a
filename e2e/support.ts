import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { Result } from 'axe-core';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo-Password-2024!';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Indeterminate spinners and bars, and regions that say they are still loading. */
const BUSY = '[role="progressbar"]:not([aria-valuenow]), [aria-busy="true"]';

/**
 * Fails on a serious or critical WCAG 2.x A/AA violation of the screen as the user sees it: after
 * its data has loaded, the whole page (also what lies under the sticky header and bottom bar or
 * below the fold), and text in its background's colour, which axe only reports as "incomplete"
 * (issue 10 item 6: a footer button rgb(24,103,192) on rgb(24,103,192) passed the check).
 */
export async function expectAccessible(page: Page): Promise<void> {
  await waitUntilSettled(page);
  const results = await withWholePageInView(page, () => new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze());
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    [
      ...blocking.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ...unreadableText(results.incomplete).map(({ target, data }) => `color-contrast (serious): ${data.contrastRatio}:1 (${data.fgColor} on ${data.bgColor}) — ${target}`),
    ],
    `accessibility violations on ${page.url()}`,
  ).toEqual([]);
}

/** Judges the screen at rest: loaded, fonts in, no transition half-way, the DOM quiet for a moment. */
async function waitUntilSettled(page: Page): Promise<void> {
  // A colour caught halfway through a transition is not what a user reads.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  await expect(page.locator(BUSY), `the screen on ${page.url()} is still loading`).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Data that arrives renders in bursts (lazy chunks, queries, the consent banner): wait for 300 ms without a change, at most 3 s.
    await new Promise<void>((resolve) => {
      let quietTimer = setTimeout(done, 300);
      const observer = new MutationObserver(() => {
        clearTimeout(quietTimer);
        quietTimer = setTimeout(done, 300);
      });
      const giveUp = setTimeout(done, 3000);
      function done() {
        observer.disconnect();
        clearTimeout(quietTimer);
        clearTimeout(giveUp);
        resolve();
      }
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  await expect(page.locator(BUSY), `the screen on ${page.url()} is still loading`).toHaveCount(0);
}

/**
 * Runs `check` with the window as tall as the page, then gives the window its size back. axe cannot
 * tell the colours of text that a sticky header or bottom bar lies over ("bgOverlap") and leaves it
 * unjudged; at full height nothing is scrolled under them.
 */
async function withWholePageInView<T>(page: Page, check: () => Promise<T>): Promise<T> {
  const viewport = page.viewportSize();
  const pageHeight = await page.evaluate(() => Math.max(document.documentElement.scrollHeight, document.body.scrollHeight));
  if (!viewport || pageHeight <= viewport.height) return check();
  await page.setViewportSize({ width: viewport.width, height: Math.min(pageHeight, 12_000) });
  try {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    return await check();
  } finally {
    await page.setViewportSize(viewport);
  }
}

interface ContrastData {
  fgColor?: string;
  bgColor?: string;
  contrastRatio?: number;
  expectedContrastRatio?: string;
  messageKey?: string;
}

/**
 * Text axe measured but filed as "incomplete": a 1:1 ratio (it guesses the text is meant to be
 * hidden; in this portal it never is) and a too low ratio on one-character text (a count, a badge).
 */
function unreadableText(incomplete: Result[]): { target: string; data: ContrastData }[] {
  return incomplete
    .filter((rule) => rule.id === 'color-contrast')
    .flatMap((rule) => rule.nodes.map((node) => ({ target: node.target.join(' '), data: (node.any[0]?.data ?? {}) as ContrastData })))
    .filter(({ data }) => {
      const expected = Number.parseFloat(data.expectedContrastRatio ?? '');
      // A short text (one glyph, e.g. a chart's tick "2") is judged only where axe could read both
      // colours: without them it answers a ratio of 0 that measures nothing.
      const isMeasured = Boolean(data.fgColor && data.bgColor);
      return data.messageKey === 'equalRatio' || (data.messageKey === 'shortTextContent' && isMeasured && typeof data.contrastRatio === 'number' && data.contrastRatio < expected);
    });
}

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD, path = '/#/login'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Saves a screenshot for a person to look at (not an assertion). */
export async function snapshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true });
}
