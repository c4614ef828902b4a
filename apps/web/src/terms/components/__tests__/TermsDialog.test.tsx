import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { okResponseSchema } from '@cmp/contracts/auth';
import { acceptTermsRequestSchema, getMyConfirmedTermsRequestSchema, getMyConfirmedTermsResponseSchema, type AcceptTermsRequest, type ConfirmedTerm } from '@cmp/contracts/terms';
import { operation } from '../../../test/apiHandlers';
import { apiServer } from '../../../test/apiServer';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { TermsDialog, type TermsView } from '../TermsDialog';

const service: ConfirmedTerm = {
  Id: 1,
  Name: 'Terms of service',
  TermsText: '<h2>1. Scope</h2><p>These terms apply.</p>',
  PathToTermsPdf: '/keeper/get/terms/service.pdf',
  IsPrivacyPolicy: false,
  IsAccepted: true,
  AcceptedAt: '2026-01-05T09:30:00Z',
};
const privacy: ConfirmedTerm = { ...service, Id: 2, Name: 'Privacy policy', TermsText: '<p>What we collect</p>', PathToTermsPdf: null, IsPrivacyPolicy: true };
const agreement: ConfirmedTerm = { ...service, Id: 3, Name: 'Northwind reseller agreement', TermsText: '<p>Support</p>', PathToTermsPdf: null, IsAccepted: false, AcceptedAt: null };

function renderDialog(view: TermsView = 'terms') {
  const acceptances: AcceptTermsRequest[] = [];
  apiServer.use(
    operation('IAccountService/GetMyConfirmedTerms', { request: getMyConfirmedTermsRequestSchema, response: getMyConfirmedTermsResponseSchema }, () => [
      service,
      privacy,
      acceptances.length > 0 ? { ...agreement, IsAccepted: true, AcceptedAt: '2026-03-01T10:00:00Z' } : agreement,
    ]),
    operation('IAccountService/AcceptTerms', { request: acceptTermsRequestSchema, response: okResponseSchema }, (body) => {
      acceptances.push(body);
      return { Success: true };
    }),
  );
  renderWithProviders(<TermsDialog open view={view} onClose={() => undefined} />);
  return { acceptances };
}

describe('TermsDialog (spec §2 Terms menu, §4 Terms)', () => {
  it('shows one tab per term with its text in a frame that allows popups only, and its PDF', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Terms and conditions' });
    const tabs = await within(dialog).findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Terms of service', 'Privacy policy', 'Northwind reseller agreement']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const frame = within(dialog).getByTitle('Terms of service (full text)');
    expect(frame).toHaveAttribute('sandbox', 'allow-popups');
    expect(frame.getAttribute('srcdoc')).toContain('<h2>1. Scope</h2>');
    expect(within(dialog).getByRole('link', { name: /Download PDF/ })).toHaveAttribute('href', '/keeper/get/terms/service.pdf');
    expect(within(dialog).getByText(/You accepted these terms on/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('opens on the privacy policy from the privacy item', async () => {
    renderDialog('privacy');
    const dialog = await screen.findByRole('dialog', { name: 'Privacy policy' });
    expect(await within(dialog).findByRole('tab', { name: 'Privacy policy', selected: true })).toBeInTheDocument();
  });

  it('adds a consent settings tab to the privacy view only, and saves the choice there', async () => {
    renderDialog('privacy');
    const dialog = await screen.findByRole('dialog', { name: 'Privacy policy' });
    await userEvent.click(await within(dialog).findByRole('tab', { name: 'Settings' }));
    const panel = within(dialog).getByRole('tabpanel', { name: 'Settings' });
    await userEvent.click(within(panel).getByRole('switch', { name: /analytics/i }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Save settings' }));
    expect(JSON.parse(localStorage.getItem('cmp.consent') ?? '{}')).toMatchObject({ analytics: true, chat: false });
  });

  it('has no settings tab in the terms view', async () => {
    renderDialog('terms');
    const dialog = await screen.findByRole('dialog', { name: 'Terms and conditions' });
    await within(dialog).findAllByRole('tab');
    expect(within(dialog).queryByRole('tab', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('replaces the accept button of an unaccepted term with a confirmation once accepting succeeds', async () => {
    const user = userEvent.setup();
    const { acceptances } = renderDialog();
    await user.click(await screen.findByRole('tab', { name: 'Northwind reseller agreement' }));
    const panel = screen.getByRole('tabpanel', { name: 'Northwind reseller agreement' });
    await user.click(within(panel).getByRole('button', { name: 'Accept' }));

    expect(await within(panel).findByText(/You accepted these terms on/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(acceptances).toEqual([{ termId: 3 }]);
  });
});
