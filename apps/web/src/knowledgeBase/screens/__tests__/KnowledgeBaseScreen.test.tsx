import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { z } from 'zod';
import {
  deleteKnowledgeBaseArticleRequestSchema,
  deleteKnowledgeBaseArticleResponseSchema,
  getKnowledgeBaseArticlesRequestSchema,
  getKnowledgeBaseArticlesResponseSchema,
  saveKnowledgeBaseArticleRequestSchema,
  saveKnowledgeBaseArticleResponseSchema,
  type KnowledgeBaseArticle,
} from '@cmp/contracts/knowledgeBase';
import { bodiesSentTo, operation, operationFailure } from '../../../test/apiHandlers';
import { apiServer } from '../../../test/apiServer';
import { accountFrameHandlers } from '../../../test/accountFrameHandlers';
import { buildSessionUser, capability } from '../../../test/buildSessionUser';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { formatDateTime } from '../../../platform/dates/formatDateTime';
import { CURRENT_USER_QUERY_KEY } from '../../../platform/session/currentUser';
import { KnowledgeBaseScreen } from '../KnowledgeBaseScreen';

const resetPassword: KnowledgeBaseArticle = {
  Id: 41,
  Locale: 'en',
  Title: 'Reset a forgotten password',
  Summary: 'Request a reset link on the sign-in page.',
  Body: 'Choose "Can\'t sign in?".\nOpen the link in the e-mail.',
  Url: 'https://academy.northwind.example/reset-password',
  IsPublished: true,
  CreatedAt: '2024-05-01T08:30:00Z',
  UpdatedAt: '2024-05-02T09:15:00Z',
};
const mfa: KnowledgeBaseArticle = {
  ...resetPassword,
  Id: 42,
  Locale: 'de',
  Title: 'Zwei-Faktor-Authentifizierung einrichten',
  Summary: 'Schützen Sie Ihr Konto mit einem zweiten Faktor.',
  Url: null,
  IsPublished: false,
};

/**
 * Northwind's articles behind the contract's operations: saving adds or replaces one, deleting
 * removes it; `refuseSave` gives the server's refusal of an article, if it refuses it.
 */
function renderScreen(initial: KnowledgeBaseArticle[], refuseSave?: (article: z.output<typeof saveKnowledgeBaseArticleRequestSchema>['article']) => string | undefined) {
  let articles = [...initial];
  apiServer.use(
    ...accountFrameHandlers({ AccountId: 12, AccountType: 'Reseller', DisplayName: 'Northwind Cloud' }),
    operation('IAccountService/GetKnowledgeBaseArticles', { request: getKnowledgeBaseArticlesRequestSchema, response: getKnowledgeBaseArticlesResponseSchema }, () => ({
      AccountId: 12,
      DisplayName: 'Northwind Cloud',
      Articles: articles,
    })),
    operation('IAccountService/SaveKnowledgeBaseArticle', { request: saveKnowledgeBaseArticleRequestSchema, response: saveKnowledgeBaseArticleResponseSchema }, ({ article }) => {
      const refusal = refuseSave?.(article);
      if (refusal) return operationFailure(400, refusal);
      const saved = { ...article, Id: article.Id ?? 99, CreatedAt: '2024-06-01T10:00:00Z', UpdatedAt: '2024-06-01T10:00:00Z' };
      articles = [...articles.filter((known) => known.Id !== saved.Id), saved];
      return { Id: saved.Id };
    }),
    operation('IAccountService/DeleteKnowledgeBaseArticle', { request: deleteKnowledgeBaseArticleRequestSchema, response: deleteKnowledgeBaseArticleResponseSchema }, ({ articleId }) => {
      articles = articles.filter((article) => article.Id !== articleId);
      return { Success: true };
    }),
  );
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/account/:accountId/knowledge-base" element={<KnowledgeBaseScreen />} />
    </Routes>,
    { path: '/account/12/knowledge-base' },
  );
  rendered.queryClient.setQueryData(CURRENT_USER_QUERY_KEY, buildSessionUser({ Capability: [capability('WIKI', { Read: true, Create: true, Delete: true })] }));
  return rendered;
}

describe('KnowledgeBaseScreen (issue 5: the articles the assistant answers from)', () => {
  it("shows a spinner while loading, then the account's articles with language, published state and last change", async () => {
    renderScreen([resetPassword, mfa]);
    expect(screen.getByRole('heading', { level: 1, name: 'Knowledge base' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();

    expect(await screen.findByRole('heading', { level: 2, name: 'Northwind Cloud' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Articles' });
    const english = within(table).getByRole('row', { name: /Reset a forgotten password/ });
    expect(english).toHaveTextContent('English');
    expect(english).toHaveTextContent('Yes');
    expect(english).toHaveTextContent(formatDateTime(resetPassword.UpdatedAt, 'en'));
    const german = within(table).getByRole('row', { name: /Zwei-Faktor/ });
    expect(german).toHaveTextContent('Deutsch');
    expect(german).toHaveTextContent('No');
  });

  it('filters by language and by words of the article, and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderScreen([resetPassword, mfa]);
    const table = await screen.findByRole('table', { name: 'Articles' });

    await user.click(screen.getByRole('combobox', { name: 'Language' }));
    await user.click(screen.getByRole('option', { name: 'Deutsch' }));
    expect(within(table).queryByRole('row', { name: /Reset a forgotten password/ })).not.toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Zwei-Faktor/ })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Language' }));
    await user.click(screen.getByRole('option', { name: 'All languages' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search articles' }), 'SIGN-IN page');
    expect(screen.getByRole('row', { name: /Reset a forgotten password/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Zwei-Faktor/ })).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search articles' }), ' weather');
    expect(screen.getByRole('status')).toHaveTextContent('No article matches the filter.');
  });

  it('says when the account has no articles yet', async () => {
    renderScreen([]);
    expect(await screen.findByText(/This account has no knowledge base articles yet/)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("writes a new article: the contract's checks name the fields first, then it is saved, announced and listed", async () => {
    const user = userEvent.setup();
    renderScreen([resetPassword]);
    await user.click(await screen.findByRole('button', { name: 'New article' }));
    const dialog = await screen.findByRole('dialog', { name: 'New article' });
    expect(within(dialog).getByRole('combobox', { name: 'Language' })).toHaveTextContent('English');

    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), '   ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Link to the full article' }), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Enter a value.');
    expect(within(dialog).getByRole('textbox', { name: 'Summary' })).toHaveAccessibleDescription('Enter a value.');
    expect(within(dialog).getByRole('textbox', { name: 'Link to the full article' })).toHaveAccessibleDescription('Enter an http or https address.');
    expect(bodiesSentTo('IAccountService/SaveKnowledgeBaseArticle')).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: 'Language' }));
    await user.click(screen.getByRole('option', { name: 'Deutsch' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Einen Dienst bestellen');
    await user.type(within(dialog).getByRole('textbox', { name: 'Summary' }), 'So bestellen Sie einen neuen Dienst.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Steps' }), 'Marktplatz öffnen{Enter}Dienst wählen');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Link to the full article' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Published' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(bodiesSentTo('IAccountService/SaveKnowledgeBaseArticle')).toEqual([
        { accountId: 12, article: { Locale: 'de', Title: 'Einen Dienst bestellen', Summary: 'So bestellen Sie einen neuen Dienst.', Body: 'Marktplatz öffnen\nDienst wählen', Url: null, IsPublished: false } },
      ]),
    );
    expect(await screen.findByText('The article has been saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New article' })).not.toBeInTheDocument());
    expect(await screen.findByRole('row', { name: /Einen Dienst bestellen/ })).toHaveTextContent('No');
  });

  it("edits an article and shows the server's refusal at the field it names", async () => {
    const user = userEvent.setup();
    renderScreen([resetPassword], (article) => (article.Url?.includes('intranet') ? 'Invalid request: article.Url: must be an http or https address' : undefined));
    await user.click(await screen.findByRole('button', { name: 'Edit Reset a forgotten password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit article' });
    const url = within(dialog).getByRole('textbox', { name: 'Link to the full article' });
    expect(url).toHaveValue(resetPassword.Url);
    await user.clear(url);
    await user.type(url, 'https://intranet.example/reset');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Invalid request: article.Url: must be an http or https address')).toBeInTheDocument();
    expect(bodiesSentTo('IAccountService/SaveKnowledgeBaseArticle')).toEqual([expect.objectContaining({ article: expect.objectContaining({ Id: 41, Title: resetPassword.Title }) })]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes an article only after the confirmation', async () => {
    const user = userEvent.setup();
    renderScreen([resetPassword, mfa]);
    await user.click(await screen.findByRole('button', { name: 'Delete Reset a forgotten password' }));
    const confirmation = await screen.findByRole('alertdialog', { name: 'Delete the article “Reset a forgotten password”?' });
    await user.click(within(confirmation).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(bodiesSentTo('IAccountService/DeleteKnowledgeBaseArticle')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Reset a forgotten password' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, do it' }));
    await waitFor(() => expect(bodiesSentTo('IAccountService/DeleteKnowledgeBaseArticle')).toEqual([{ accountId: 12, articleId: 41 }]));
    expect(await screen.findByText('The article “Reset a forgotten password” has been deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('row', { name: /Reset a forgotten password/ })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /Zwei-Faktor/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'New article' })).toHaveFocus());
  });
});
