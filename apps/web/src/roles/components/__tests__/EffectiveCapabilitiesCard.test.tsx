import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { installFakeFetch } from '../../../test/fakeFetch';
import { capability } from '../../../test/buildSessionUser';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { EffectiveCapabilitiesCard } from '../EffectiveCapabilitiesCard';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('EffectiveCapabilitiesCard (issue 17)', () => {
  it('groups the capabilities by area with readable names, flags and the roles they come from', async () => {
    const fetch = installFakeFetch(() => ({
      body: {
        UserAccountId: 1207,
        Capabilities: [
          { ...capability('BILLING_RUN', { Read: true, Execute: true }), Roles: ['Billing clerk'] },
          { ...capability('LOGIN', { Execute: true }), Roles: ['Company user', 'Billing clerk'] },
          { ...capability('QUOTATION_TOOL', { Read: true, Value: 'HIERARCHY' }), Roles: ['Sales'] },
        ],
      },
    }));
    renderWithProviders(<EffectiveCapabilitiesCard userAccountId={1207} />);

    expect(await screen.findByRole('heading', { level: 2, name: 'What this user can do' })).toBeInTheDocument();
    expect((await screen.findAllByRole('heading', { level: 3 })).map((heading) => heading.textContent)).toEqual(['Security and access', 'Billing and pricing', 'Sales and quotes']);
    const billing = screen.getByRole('table', { name: 'Billing and pricing' });
    expect(within(billing).getByRole('row', { name: /Billing run/ })).toHaveTextContent('Read, Execute');
    expect(within(billing).getByRole('row', { name: /Billing run/ })).toHaveTextContent('Billing clerk');
    expect(within(screen.getByRole('table', { name: 'Security and access' })).getByRole('row', { name: /Sign-in/ })).toHaveTextContent('Company user, Billing clerk');
    expect(within(screen.getByRole('table', { name: 'Sales and quotes' })).getByRole('row', { name: /Quotation tool/ })).toHaveTextContent('Read, Whole hierarchy');
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({ userAccountId: 1207 });
  });

  it('says so when the user can do nothing', async () => {
    installFakeFetch(() => ({ body: { UserAccountId: 1207, Capabilities: [] } }));
    renderWithProviders(<EffectiveCapabilitiesCard userAccountId={1207} />);
    expect(await screen.findByText('This user has no capabilities.')).toBeInTheDocument();
  });
});
