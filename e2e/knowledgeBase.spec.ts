import { expect, test } from '@playwright/test';
import knowledgeBaseEn from '../apps/web/src/locales/knowledge_base/en.json' with { type: 'json' };
import supportEn from '../apps/web/src/locales/support/en.json' with { type: 'json' };
import { expectAccessible, signIn, snapshot } from './support';

const KB = knowledgeBaseEn.knowledge_base;
const SUPPORT = supportEn.support;
const TITLE = 'Calibrate the holographic dashboard widgets';

test('a reseller administrator writes, edits and deletes a knowledge base article from the support panel', async ({ page }) => {
  // Wide enough for the header's full search field (see support.spec.ts: its narrow form is the search box's finding).
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signIn(page, 'reseller.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.getByRole('contentinfo').getByRole('button', { name: SUPPORT.contact_support }).click();
  await page.getByRole('dialog', { name: SUPPORT.panel_title }).getByRole('link', { name: KB.manage }).click();

  await expect(page).toHaveURL(/#\/account\/\d+\/knowledge-base$/);
  await expect(page.getByRole('heading', { level: 1, name: KB.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Northwind Cloud' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/This account has no knowledge base articles yet/);

  // A new article: the empty title is refused at the field first, then it is saved and listed.
  await page.getByRole('button', { name: KB.new_article }).click();
  const dialog = page.getByRole('dialog', { name: KB.dialog_new_title });
  await expect(dialog.getByRole('combobox', { name: KB.fields.Locale })).toBeFocused();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('textbox', { name: KB.fields.Title })).toHaveAccessibleDescription(KB.errors.required);
  await dialog.getByRole('textbox', { name: KB.fields.Title }).fill(TITLE);
  await dialog.getByRole('textbox', { name: KB.fields.Summary }).fill('Holographic widgets drift after a firmware update; calibrate them from the dashboard settings.');
  await dialog.getByRole('textbox', { name: KB.fields.Body }).fill('Open the dashboard settings.\nChoose Calibrate holographic widgets.\nFollow the three calibration points.');
  await dialog.getByRole('textbox', { name: KB.fields.Url }).fill('https://academy.northwind.example/holographic-widgets');
  await expectAccessible(page);
  await snapshot(page, 'knowledge-base-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(KB.saved)).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(TITLE) });
  await expect(row).toContainText('English');
  await expect(row).toContainText(KB.yes);
  await expectAccessible(page);
  await snapshot(page, 'knowledge-base-list');

  // Edit: unpublish it and give it a German title, by keyboard from the row's Edit button.
  await row.getByRole('button', { name: `Edit ${TITLE}` }).focus();
  await page.keyboard.press('Enter');
  const editDialog = page.getByRole('dialog', { name: KB.dialog_edit_title });
  await expect(editDialog.getByRole('textbox', { name: KB.fields.Title })).toHaveValue(TITLE);
  await editDialog.getByRole('switch', { name: KB.fields.IsPublished }).uncheck();
  await editDialog.getByRole('textbox', { name: KB.fields.Title }).fill(`${TITLE} (draft)`);
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(editDialog).toBeHidden();
  const edited = page.getByRole('row', { name: new RegExp(`${TITLE} \\(draft\\)`) });
  await expect(edited).toContainText(KB.no);

  // Delete after the confirmation, leaving Northwind's knowledge base as the demo world has it.
  await edited.getByRole('button', { name: `Delete ${TITLE} (draft)` }).click();
  const confirmation = page.getByRole('alertdialog', { name: `Delete the article “${TITLE} (draft)”?` });
  await expect(confirmation).toContainText(KB.delete_message);
  await confirmation.getByRole('button', { name: 'Yes, do it' }).click();
  await expect(page.getByText(`The article “${TITLE} (draft)” has been deleted.`)).toBeVisible();
  await expect(page.getByRole('table', { name: KB.articles })).toBeHidden();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/This account has no knowledge base articles yet/);
});
