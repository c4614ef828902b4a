import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Capability } from '@cmp/contracts/capabilities';
import type { AccountSearchResult } from '@cmp/contracts/search';
import { installFakeFetch, type FakeResponse } from '../../test/fakeFetch';
import { renderWithProviders } from '../../test/renderWithProviders';
import { trackEvent } from '../../platform/analytics/trackEvent';
import { GlobalSearch } from '../components/GlobalSearch';
import { createQueryClient } from '../../app/AppProviders';
import { CURRENT_USER_QUERY_KEY } from '../../platform/session/currentUser';
import { buildSessionUser, capability } from '../../test/buildSessionUser';

// Analytics has its own tests; here it only has to be told what happened.
vi.mock('../../platform/analytics/trackEvent', () => ({ trackEvent: vi.fn() }));

const account = (id: number, name: string, fields: Partial<AccountSearchResult> = {}): AccountSearchResult => ({
  AccountId: id,
  AccountType: 'Company',
  DisplayName: name,
  AccountState: 'Active',
  Icon: 'company',
  ProductName: null,
  ProductDisplayName: null,
  ...fields,
});

const sentTexts = (fetch: ReturnType<typeof installFakeFetch>) =>
  fetch.mock.calls.map(([, init]) => (JSON.parse(String(init?.body)) as { searchString: string }).searchString);

function renderSearch(respond: (searchString: string) => FakeResponse | Promise<FakeResponse>) {
  const fetch = installFakeFetch((_url, init) => respond((JSON.parse(String(init.body)) as { searchString: string }).searchString));
  const rendered = renderWithProviders(<GlobalSearch />);
  return { ...rendered, fetch, field: screen.getByRole('combobox', { name: 'Search accounts' }) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(trackEvent).mockClear();
});

describe('GlobalSearch (spec §2 global search, §7 search accounts)', () => {
  it('asks the server once, 300 ms after the last keystroke, with the trimmed text', async () => {
    const { fetch, field } = renderSearch(() => ({ body: [account(2, 'Contoso Ltd')] }));
    await userEvent.type(field, '  contoso ');
    expect(fetch).not.toHaveBeenCalled();

    expect(await screen.findByRole('option', { name: /Contoso Ltd/ })).toBeInTheDocument();
    await sleep(400);
    expect(sentTexts(fetch)).toEqual(['contoso']);
    expect(fetch.mock.calls[0]![0]).toBe('/DataModel/service.svc/rest/IAccountService/Search');
    expect(trackEvent).toHaveBeenCalledWith('search-results', { resultCount: 1, textLength: 7 });
  });

  it('cancels the search still running when a newer one starts, and shows only the newer answer', async () => {
    const { fetch, field } = renderSearch((text) =>
      text === 'cont' ? new Promise<FakeResponse>(() => undefined) : { body: [account(2, 'Contoso Ltd')] },
    );
    await userEvent.type(field, 'cont');
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await userEvent.type(field, 'o');
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));

    expect(fetch.mock.calls[0]![1]!.signal!.aborted).toBe(true);
    expect(fetch.mock.calls[1]![1]!.signal!.aborted).toBe(false);
    expect(await screen.findByRole('option', { name: /Contoso Ltd/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('searches only from 3 characters and says so', async () => {
    const { fetch, field } = renderSearch(() => ({ body: [] }));
    await userEvent.type(field, ' co ');
    expect(await screen.findByText('Enter at least 3 characters to search.', { selector: 'p' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Enter at least 3 characters to search.');
    await sleep(400);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the not-found text when nothing matches', async () => {
    const { field } = renderSearch(() => ({ body: [] }));
    await userEvent.type(field, 'zzz');
    expect(await screen.findByText('No matching accounts found.', { selector: 'p' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('No matching accounts found.');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('closes with Escape and when the text is cleared, and opens again on typing', async () => {
    const { field } = renderSearch(() => ({ body: [account(2, 'Contoso Ltd')] }));
    await userEvent.type(field, 'conto');
    await screen.findByRole('listbox');
    expect(field).toHaveAttribute('aria-expanded', 'true');

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).toHaveValue('conto');

    await userEvent.type(field, 's');
    await userEvent.clear(field);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('greys terminated accounts and names them so for screen readers', async () => {
    const { field } = renderSearch(() => ({ body: [account(5, 'Contoso Archive', { AccountState: 'Terminated' }), account(6, 'Contoso Sales', { AccountType: 'Department', Icon: 'department' })] }));
    await userEvent.type(field, 'conto');
    expect(await screen.findByRole('option', { name: /Contoso Archive \(terminated\)/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /Contoso Sales/ })).toHaveTextContent('Department');
  });

  it('chooses a match with the arrow keys and Enter and opens its account', async () => {
    const { field, currentPath } = renderSearch(() => ({ body: [account(2, 'Contoso Ltd'), account(7, 'Contoso Sales')] }));
    await userEvent.type(field, 'conto');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: /Contoso Sales/ })).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /Contoso Sales/ }).id);
    await userEvent.keyboard('{Enter}');
    expect(currentPath()).toBe('/account/7');
    expect(trackEvent).toHaveBeenCalledWith('global-search result-click', { accountType: 'Company', position: 2, resultCount: 2 });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('shows the first 10 of many matches and loads 10 more at a time, with the count', async () => {
    const many = Array.from({ length: 37 }, (_, i) => account(100 + i, `Contoso ${String(i + 1).padStart(2, '0')}`));
    const { field } = renderSearch(() => ({ body: many }));
    await userEvent.type(field, 'conto');
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option')).toHaveLength(10);

    await userEvent.click(screen.getByRole('button', { name: 'Load more results (10 of 37)' }));
    expect(within(listbox).getAllByRole('option')).toHaveLength(20);
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-activedescendant', within(listbox).getByRole('option', { name: /Contoso 11/ }).id);
    await userEvent.click(screen.getByRole('button', { name: 'Load more results (20 of 37)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Load more results (30 of 37)' }));
    expect(within(listbox).getAllByRole('option')).toHaveLength(37);
    expect(screen.queryByRole('button', { name: /Load more results/ })).not.toBeInTheDocument();
  });
});

describe('GlobalSearch services (spec §2: with Marketplace Read; §7: page size 100, first 3 shown)', () => {
  const services = ['Skyline Mail', 'Skyline Mail Archive', 'Skyline Mail Plus', 'Skyline Mailbox'].map((name, i) => ({ Id: `S${i}`, DisplayName: name, Icon: i === 0 ? 'a'.repeat(32) + '/' + 'B'.repeat(23) + '.png' : 'not-an-icon' }));

  function renderWithMarketplace(capabilities: Capability[]) {
    const fetch = installFakeFetch((url) => (url.endsWith('/SearchServices') ? { body: { Services: services, Total: services.length } } : { body: [account(2, 'Skyline Mail Corp')] }));
    const queryClient = createQueryClient();
    queryClient.setQueryData(CURRENT_USER_QUERY_KEY, buildSessionUser({ Capability: capabilities }));
    renderWithProviders(<GlobalSearch />, { queryClient });
    return { fetch, field: screen.getByRole('combobox', { name: 'Search accounts' }) };
  }

  it('shows at most 3 services under the accounts and opens one with the keyboard', async () => {
    const { fetch, field } = renderWithMarketplace([capability('MARKETPLACE', { Read: true })]);
    await userEvent.type(field, 'mail');
    const group = await screen.findByRole('group', { name: 'Services' });
    expect(within(group).getAllByRole('option').map((option) => option.textContent)).toEqual(['Skyline Mail', 'Skyline Mail Archive', 'Skyline Mail Plus']);
    // spec §5: a valid icon path shows the image, any other path the placeholder.
    expect(within(group).getAllByRole('option')[0]!.querySelector('img')).toHaveAttribute('src', `/keeper/getimage/${services[0]!.Icon}/40/40`);
    expect(within(group).getAllByRole('option')[1]!.querySelector('img')).toBeNull();
    const body = JSON.parse(String(fetch.mock.calls.find(([url]) => String(url).endsWith('/SearchServices'))![1]!.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ filter: { DisplayName: 'mail', Source: { Type: 'Root' } }, sort: { Key: 'Ranking', Value: 'ASC' }, pageSize: 100 });

    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/service/S0');
  });

  it('searches no services without Marketplace Read', async () => {
    const { fetch, field } = renderWithMarketplace([]);
    await userEvent.type(field, 'mail');
    expect(await screen.findByRole('option', { name: /Skyline Mail Corp/ })).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/SearchServices'))).toBe(false);
    expect(screen.queryByRole('group', { name: 'Services' })).not.toBeInTheDocument();
  });
});
