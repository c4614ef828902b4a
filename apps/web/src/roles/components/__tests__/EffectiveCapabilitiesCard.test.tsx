import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { z } from 'zod';
import { getEffectiveCapabilitiesRequestSchema, getEffectiveCapabilitiesResponseSchema } from '@cmp/contracts/roles';
import { bodiesSentTo, operation } from '../../../test/apiHandlers';
import { apiServer } from '../../../test/apiServer';
import { capability } from '../../../test/buildSessionUser';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { EffectiveCapabilitiesCard } from '../EffectiveCapabilitiesCard';

function answerCapabilities(Capabilities: z.input<typeof getEffectiveCapabilitiesResponseSchema>['Capabilities']) {
  apiServer.use(
    operation('IAccountService/GetEffectiveCapabilities', { request: getEffectiveCapabilitiesRequestSchema, response: getEffectiveCapabilitiesResponseSchema }, ({ userAccountId }) => ({
      UserAccountId: userAccountId,
      Capabilities,
    })),
  );
}

describe('EffectiveCapabilitiesCard (issue 17)', () => {
  it('groups the capabilities by area with readable names, flags and the roles they come from', async () => {
    answerCapabilities([
      { ...capability('BILLING_RUN', { Read: true, Execute: true }), Roles: ['Billing clerk'] },
      { ...capability('LOGIN', { Execute: true }), Roles: ['Company user', 'Billing clerk'] },
      { ...capability('QUOTATION_TOOL', { Read: true, Value: 'HIERARCHY' }), Roles: ['Sales'] },
    ]);
    renderWithProviders(<EffectiveCapabilitiesCard userAccountId={1207} />);

    expect(await screen.findByRole('heading', { level: 2, name: 'What this user can do' })).toBeInTheDocument();
    expect((await screen.findAllByRole('heading', { level: 3 })).map((heading) => heading.textContent)).toEqual(['Security and access', 'Billing and pricing', 'Sales and quotes']);
    const billing = screen.getByRole('table', { name: 'Billing and pricing' });
    expect(within(billing).getByRole('row', { name: /Billing run/ })).toHaveTextContent('Read, Execute');
    expect(within(billing).getByRole('row', { name: /Billing run/ })).toHaveTextContent('Billing clerk');
    expect(within(screen.getByRole('table', { name: 'Security and access' })).getByRole('row', { name: /Sign-in/ })).toHaveTextContent('Company user, Billing clerk');
    expect(within(screen.getByRole('table', { name: 'Sales and quotes' })).getByRole('row', { name: /Quotation tool/ })).toHaveTextContent('Read, Whole hierarchy');
    expect(bodiesSentTo('IAccountService/GetEffectiveCapabilities')).toEqual([{ userAccountId: 1207 }]);
  });

  it('says so when the user can do nothing', async () => {
    answerCapabilities([]);
    renderWithProviders(<EffectiveCapabilitiesCard userAccountId={1207} />);
    expect(await screen.findByText('This user has no capabilities.')).toBeInTheDocument();
  });
});
