import { expect, test } from '@playwright/test';
import { expectAccessible, signIn, snapshot } from './support';

// spec §2 Chatbot, §6 (CHAT_BOT Read and consent to all services); issue 5: the assistant answers
// from the user's own data.
test("the chat bot appears after consent and answers about the user's own orders, the knowledge base and subscriptions", async ({ page }) => {
  await signIn(page, 'company.admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Claire' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open the chat' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Accept all' }).click();
  await page.getByRole('button', { name: 'Open the chat' }).click();
  const chat = page.getByRole('region', { name: 'Conversation with the assistant' });
  await expect(chat.getByText('Hi Claire, how can we help you?')).toBeVisible();

  const question = chat.getByRole('textbox', { name: 'Your question' });
  await question.fill('Do I have any open orders?');
  await question.press('Enter');
  await expect(chat.getByText('These orders are waiting for approval (1):')).toBeVisible();
  await expect(chat.getByText(/^Order \d+: 500 × Skyline Backup for Contoso Ltd, €1,750\.00, waiting for approval since/)).toBeVisible();

  await question.fill('How do I reset my password?');
  await question.press('Enter');
  await expect(chat.getByText('From the knowledge base: Reset a forgotten password')).toBeVisible();
  await expect(chat.getByRole('link', { name: 'Reset a forgotten password' })).toHaveAttribute('href', 'https://academy.cloudserviceproviders.example/articles/en/reset-password');
  await snapshot(page, 'chat-bot-knowledge');

  await question.fill('Which subscriptions end soon?');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByText(/of your subscriptions end within the next 90 days|None of your subscriptions ends/)).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'chat-bot');

  await question.press('Escape');
  await expect(chat).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open the chat' })).toBeFocused();
});

test('a user without the chat bot capability never sees it', async ({ page }) => {
  await signIn(page, 'company.user');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Carl' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect(page.getByRole('button', { name: 'Open the chat' })).toHaveCount(0);
});
