import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeFetch } from '../../test/fakeFetch';
import { renderWithProviders } from '../../test/renderWithProviders';
import { CreditLimitCard } from '../review/CreditLimitCard';
import { operationOf, type Answer } from '../review/__tests__/orderFixtures';

const status = { CompanyAccountId: 57, CreditLimit: '5000.00', Currency: 'GBP', OpenBalance: '1250.5', CanEdit: true };

function renderCard(answer: Answer) {
  const fetch = installFakeFetch((url, init) => answer(operationOf(url), JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>, init));
  const view = renderWithProviders(<CreditLimitCard companyAccountId={57} />);
  const calls = (operation: string) => fetch.mock.calls.filter(([url]) => operationOf(String(url)) === operation).map(([, init]) => JSON.parse(String(init?.body)) as unknown);
  return { ...view, calls, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CreditLimitCard', () => {
  it("shows the limit, the open balance and the currency in the user's locale", async () => {
    const { calls } = renderCard(() => ({ body: status }));
    const card = await screen.findByRole('region', { name: 'Credit limit' });
    expect(await within(card).findByText('£5,000.00')).toBeInTheDocument();
    expect(within(card).getByText('£1,250.50')).toBeInTheDocument();
    expect(within(card).getByText('GBP (British Pound)')).toBeInTheDocument();
    expect(calls('GetCreditLimit')).toEqual([{ companyAccountId: 57 }]);
  });

  it('shows "No limit" and offers no change to a reader', async () => {
    renderCard(() => ({ body: { ...status, CreditLimit: null, CanEdit: false } }));
    expect(await screen.findByText('No limit')).toBeInTheDocument();
    expect(screen.getByText('Orders are not credit checked.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change limit' })).toBeNull();
  });

  it('is not shown to someone the server does not let see it', async () => {
    const { calls, container } = renderCard(() => ({ status: 403, body: { Message: 'You do not have permission to do this.' } }));
    await waitFor(() => expect(calls('GetCreditLimit')).toHaveLength(1));
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
  });

  it('refuses a bad amount with a message, then saves a good one', async () => {
    let saved = status;
    const { user, calls } = renderCard((operation, body) => {
      if (operation === 'SetCreditLimit') saved = { ...status, CreditLimit: String(body.creditLimit) };
      return { body: saved };
    });
    await user.click(await screen.findByRole('button', { name: 'Change limit' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the credit limit' });
    const field = within(dialog).getByRole('textbox', { name: 'Credit limit in GBP' });
    expect(field).toHaveValue('5000.00');
    await user.clear(field);
    await user.type(field, '7,500.999');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(/^Enter an amount such as 5000 or 5000\.00/)).toBeInTheDocument();
    expect(calls('SetCreditLimit')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '7500');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('SetCreditLimit')).toEqual([{ companyAccountId: 57, creditLimit: '7500' }]);
    expect(await screen.findByText('£7,500.00')).toBeInTheDocument();
  });

  it('removes the limit when the field is left empty, and shows a refusal in the dialog', async () => {
    let refuse = true;
    const { user, calls } = renderCard((operation) => {
      if (operation !== 'SetCreditLimit') return { body: refuse ? status : { ...status, CreditLimit: null } };
      if (refuse) {
        refuse = false;
        return { status: 403, body: { Message: 'Only the company seller can change its credit limit.' } };
      }
      return { body: { ...status, CreditLimit: null } };
    });
    await user.click(await screen.findByRole('button', { name: 'Change limit' }));
    const dialog = screen.getByRole('dialog');
    await user.clear(within(dialog).getByRole('textbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Only the company seller can change its credit limit.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('SetCreditLimit')).toEqual([
      { companyAccountId: 57, creditLimit: null },
      { companyAccountId: 57, creditLimit: null },
    ]);
    expect(await screen.findByText('No limit')).toBeInTheDocument();
  });
});
