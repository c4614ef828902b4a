import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupportDetails } from '@cmp/contracts/support';
import { SUPPORT_DETAIL_FIELDS } from '@cmp/contracts/support';
import { buildSessionUser, capability } from '../../../test/buildSessionUser';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { SupportPanel } from '../SupportPanel';

const empty = Object.fromEntries(SUPPORT_DETAIL_FIELDS.map((field) => [field, ''])) as SupportDetails;
const northwind: SupportDetails = {
  ...empty,
  SupportPhoneNumber: '+44 20 7946 0321',
  SupportTechnicalEmail: 'support@northwind.example',
  SupportWorkingDaysRegular: 'Monday–Friday',
  SupportWorkingHoursRegular: '08:00–18:00',
  SupportUrl: 'https://support.northwind.example',
  SupportSalesEmail: 'sales@northwind.example',
};
const reader = buildSessionUser({ Capability: [capability('LOGIN', { Execute: true }), capability('SUPPORT_CONTACT_DETAILS', { Read: true }), capability('WIKI', { Read: true })] });

describe('SupportPanel (spec §2 Support panel)', () => {
  it('lists the technical contact as links, the support link button and the sales block, and leaves out the empty billing block', () => {
    renderWithProviders(<SupportPanel open onClose={() => undefined} details={northwind} user={reader} />);

    const panel = screen.getByRole('dialog', { name: 'Support' });
    const technical = within(panel).getByRole('region', { name: 'Technical support' });
    expect(within(technical).getByRole('link', { name: '+44 20 7946 0321' })).toHaveAttribute('href', 'tel:+442079460321');
    expect(within(technical).getByRole('link', { name: 'support@northwind.example' })).toHaveAttribute('href', 'mailto:support@northwind.example');
    expect(technical).toHaveTextContent('Monday–Friday, 08:00–18:00');
    expect(technical).not.toHaveTextContent('Other hours');
    const supportLink = within(panel).getByRole('link', { name: /Open the support centre/ });
    expect(supportLink).toHaveAttribute('href', 'https://support.northwind.example');
    expect(supportLink).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(panel).getByRole('region', { name: 'Sales' })).toHaveTextContent('sales@northwind.example');
    expect(within(panel).queryByRole('region', { name: 'Billing' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Edit support details' })).not.toBeInTheDocument();
  });

  it('uses the configured button text and hides the support link without Wiki Read', () => {
    const details = { ...northwind, SupportButtonText: 'Visit the Northwind help centre' };
    const { unmount } = renderWithProviders(<SupportPanel open onClose={() => undefined} details={details} user={reader} />);
    expect(screen.getByRole('link', { name: /Visit the Northwind help centre/ })).toBeInTheDocument();
    unmount();

    const withoutWiki = buildSessionUser({ Capability: [capability('SUPPORT_CONTACT_DETAILS', { Read: true })] });
    renderWithProviders(<SupportPanel open onClose={() => undefined} details={details} user={withoutWiki} />);
    expect(screen.queryByRole('link', { name: /help centre/ })).not.toBeInTheDocument();
  });

  it('offers a reseller administrator the editor of their own details', () => {
    const resellerAdmin = buildSessionUser({
      Capability: [capability('SUPPORT_CONTACT_DETAILS', { Read: true, Create: true })],
      CompanyAccount: { AccountId: 12, AccountType: 'Reseller', DisplayName: 'Northwind Cloud', AccountState: 'Active', Views: {} },
    });
    renderWithProviders(<SupportPanel open onClose={() => undefined} details={northwind} user={resellerAdmin} />);
    expect(screen.getByRole('link', { name: 'Edit support details' })).toHaveAttribute('href', '/account/12/support-details');
  });

  it('closes with the close button and with Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<SupportPanel open onClose={onClose} details={northwind} user={reader} />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
