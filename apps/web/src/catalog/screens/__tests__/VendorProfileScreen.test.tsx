import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { VendorProfile } from '@cmp/contracts/catalog';
import { installFakeFetch, type FakeResponse } from '../../../test/fakeFetch';
import { buildSessionUser, capability } from '../../../test/buildSessionUser';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CURRENT_USER_QUERY_KEY } from '../../../platform/session/currentUser';
import { VendorProfileScreen } from '../VendorProfileScreen';

const skyline: VendorProfile = {
  VendorAccountId: 9,
  VendorName: 'Skyline Software',
  Descriptions: { en: 'Mail and CRM.' },
  LogoPath: null,
  SupportEmail: 'support@skyline.example',
  SupportPhone: null,
  SupportUrl: null,
  WebsiteUrl: null,
  UpdatedAt: null,
  CanEdit: true,
};

type Answer = (body: Record<string, unknown>) => FakeResponse;

function renderScreen({ profile = skyline, vendors = [{ VendorAccountId: 9, VendorName: 'Skyline Software' }], answers = {} }: { profile?: VendorProfile; vendors?: { VendorAccountId: number; VendorName: string }[]; answers?: Record<string, Answer> } = {}) {
  const fetch = installFakeFetch((url, init) => {
    const operation = url.slice(url.lastIndexOf('/') + 1);
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    if (answers[operation]) return answers[operation](body);
    if (operation === 'GetManagedVendors') return { body: { Vendors: vendors } };
    if (operation === 'GetVendorProfile') return { body: profile };
    if (operation === 'GetVendorServices') return { body: { VendorAccountId: 9, VendorName: 'Skyline Software', Services: [] } };
    return { body: {} };
  });
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/Marketplace/VendorProfile" element={<VendorProfileScreen />} />
      <Route path="*" element={null} />
    </Routes>,
    { path: '/Marketplace/VendorProfile' },
  );
  rendered.queryClient.setQueryData(CURRENT_USER_QUERY_KEY, buildSessionUser({ Capability: [capability('PRODUCT_OWNER_PROFILE', { Read: true, Create: true, Execute: true })] }));
  return { ...rendered, fetch };
}
const bodiesOf = (fetch: ReturnType<typeof installFakeFetch>, operation: string) =>
  fetch.mock.calls.filter(([url]) => String(url).endsWith(`/${operation}`)).map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('VendorProfileScreen', () => {
  it('checks the contact fields before saving and sends the profile of the vendor shown', async () => {
    const user = userEvent.setup();
    const { fetch } = renderScreen({ answers: { SaveVendorProfile: (body) => ({ body: { ...skyline, SupportEmail: (body.profile as { SupportEmail: string }).SupportEmail } }) } });
    const form = await screen.findByRole('form', { name: 'Profile of Skyline Software' });
    const setText = async (label: string, text: string) => {
      const field = within(form).getByLabelText(label);
      await user.clear(field);
      if (!text) return;
      await user.click(field);
      await user.paste(text);
    };
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    await setText('Support e-mail', 'care at skyline');
    await setText('Support website', 'skyline.example');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Enter an e-mail address such as support@example.com.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a web address starting with https://.')).toBeInTheDocument();
    expect(bodiesOf(fetch, 'SaveVendorProfile')).toEqual([]);

    await setText('Support e-mail', 'care@skyline.example');
    await setText('Support website', '');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, 'SaveVendorProfile')).toEqual([
        { vendorAccountId: 9, profile: { Descriptions: { en: 'Mail and CRM.' }, LogoPath: null, SupportEmail: 'care@skyline.example', SupportPhone: null, SupportUrl: null, WebsiteUrl: null } },
      ]),
    );
    expect(await screen.findByText('The profile of Skyline Software has been saved.')).toBeInTheDocument();
  }, 45_000);

  it('shows the profile read-only to someone who may not change it, without a new-service button', async () => {
    renderScreen({ profile: { ...skyline, CanEdit: false } });
    const form = await screen.findByRole('form', { name: 'Profile of Skyline Software' });
    expect(within(form).getByText('You may read this profile but not change it.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Support e-mail')).toHaveAttribute('readonly');
    expect(within(form).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New service' })).not.toBeInTheDocument();
  }, 45_000);

  it('lets the platform owner choose among its vendors, and says when there is none', async () => {
    const { fetch, unmount } = renderScreen({ vendors: [{ VendorAccountId: 9, VendorName: 'Skyline Software' }, { VendorAccountId: 11, VendorName: 'Nimbus Security' }] });
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'Profile of Skyline Software' });
    await user.click(screen.getByRole('combobox', { name: 'Vendor' }));
    await user.click(screen.getByRole('option', { name: 'Nimbus Security' }));
    await waitFor(() => expect(bodiesOf(fetch, 'GetVendorProfile').at(-1)).toEqual({ vendorAccountId: 11 }));
    unmount();
    vi.unstubAllGlobals();
    renderScreen({ vendors: [] });
    expect(await screen.findByText('There is no vendor in your hierarchy whose profile you could maintain.')).toBeInTheDocument();
  }, 45_000);
});
