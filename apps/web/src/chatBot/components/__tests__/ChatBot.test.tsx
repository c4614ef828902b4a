import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeFetch } from '../../../test/fakeFetch';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CHAT_BOT_TOKEN_STORAGE_KEY } from '../../api/chatBotApi';
import { ChatBot } from '../ChatBot';

afterEach(() => {
  vi.unstubAllGlobals();
});

function fakeServer() {
  return installFakeFetch((url, init) => {
    if (url.endsWith('/GetChatBotToken')) return { body: { Token: 'token-1', ExpiresAt: '2030-01-01T00:00:00Z' } };
    if (url.endsWith('/Ask')) {
      const { text } = JSON.parse(String(init.body)) as { text: string };
      if (text.startsWith('How')) {
        return { body: { Topic: 'knowledge', Text: 'From the knowledge base: Reset a forgotten password', Items: ['Request a link on the sign-in page.', 'Choose "Can\'t sign in?".', 'Open the link.'], Sections: [], Links: [] } };
      }
      return {
        body: {
          Topic: 'orders',
          Text: `About "${text}": these orders are waiting for approval (1):`,
          Items: ['Order 17: pending approval'],
          Sections: [{ Title: 'These orders were rejected in the last 30 days (1):', Items: ['Order 18: rejected'] }],
          Links: [{ Label: 'Knowledge base', Url: 'https://kb.example' }],
        },
      };
    }
    return { status: 404, body: { Message: 'Unknown' } };
  });
}

describe('ChatBot (spec §2 Chatbot, §4, §7 Chatbot token)', () => {
  it('opens from the toggle with the greeting, answers a question and closes again', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderWithProviders(<ChatBot firstName="Claire" />);

    await user.click(screen.getByRole('button', { name: 'Open the chat' }));
    const chat = screen.getByRole('region', { name: 'Conversation with the assistant' });
    expect(await within(chat).findByText('Hi Claire, how can we help you?')).toBeInTheDocument();
    expect(within(chat).queryByRole('button', { name: /upload/i })).not.toBeInTheDocument();

    await user.type(within(chat).getByRole('textbox', { name: 'Your question' }), 'Where are my orders?');
    await user.click(within(chat).getByRole('button', { name: 'Send' }));
    expect(await within(chat).findByText('About "Where are my orders?": these orders are waiting for approval (1):')).toBeInTheDocument();
    // Issue 10: the rejected orders are a list of their own under their own title, not part of the waiting ones.
    const waiting = within(chat).getByText('Order 17: pending approval').parentElement!;
    const rejected = within(chat).getByText('Order 18: rejected').parentElement!;
    expect(within(waiting).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Order 17: pending approval']);
    expect(within(rejected).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Order 18: rejected']);
    expect(rejected.previousElementSibling).toHaveTextContent('These orders were rejected in the last 30 days (1):');
    expect(within(chat).getByRole('link', { name: 'Knowledge base' })).toHaveAttribute('href', 'https://kb.example');

    await user.click(screen.getByRole('button', { name: 'Close the chat' }));
    expect(screen.queryByRole('region', { name: 'Conversation with the assistant' })).not.toBeInTheDocument();
  });

  it("shows a knowledge base answer as the article's summary and numbered steps", async () => {
    fakeServer();
    const user = userEvent.setup();
    renderWithProviders(<ChatBot firstName="Claire" />);
    await user.click(screen.getByRole('button', { name: 'Open the chat' }));
    const chat = screen.getByRole('region', { name: 'Conversation with the assistant' });
    await user.type(await within(chat).findByRole('textbox', { name: 'Your question' }), 'How do I reset my password?{Enter}');
    expect((await within(chat).findByText('Request a link on the sign-in page.')).tagName).toBe('P');
    const steps = within(chat).getByText('Open the link.').parentElement!;
    expect(steps.tagName).toBe('OL');
    expect(within(steps).getAllByRole('listitem').map((step) => step.textContent)).toEqual(['Choose "Can\'t sign in?".', 'Open the link.']);
  });

  it('asks for a token only when none is stored or the stored one is over an hour old', async () => {
    const fetch = fakeServer();
    const tokenCalls = () => fetch.mock.calls.filter(([url]) => String(url).endsWith('/GetChatBotToken')).length;
    localStorage.setItem(CHAT_BOT_TOKEN_STORAGE_KEY, JSON.stringify({ token: 'fresh', storedAt: Date.now() - 10 * 60_000 }));
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<ChatBot firstName="Claire" />);
    await user.click(screen.getByRole('button', { name: 'Open the chat' }));
    expect(await screen.findByRole('textbox', { name: 'Your question' })).toBeEnabled();
    expect(tokenCalls()).toBe(0);
    unmount();

    localStorage.setItem(CHAT_BOT_TOKEN_STORAGE_KEY, JSON.stringify({ token: 'stale', storedAt: Date.now() - 61 * 60_000 }));
    renderWithProviders(<ChatBot firstName="Claire" />);
    await user.click(screen.getByRole('button', { name: 'Open the chat' }));
    expect(await screen.findByRole('textbox', { name: 'Your question' })).toBeEnabled();
    expect(tokenCalls()).toBe(1);
    expect(JSON.parse(localStorage.getItem(CHAT_BOT_TOKEN_STORAGE_KEY)!)).toMatchObject({ token: 'token-1' });
  });
});
