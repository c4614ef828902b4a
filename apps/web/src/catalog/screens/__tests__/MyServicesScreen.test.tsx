import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { MyService } from '@cmp/contracts/catalog';
import { installFakeFetch, type FakeResponse } from '../../../test/fakeFetch';
import { buildSessionUser, capability } from '../../../test/buildSessionUser';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CURRENT_USER_QUERY_KEY } from '../../../platform/session/currentUser';
import { MyServicesScreen } from '../MyServicesScreen';

const vpn: MyService = { ServiceName: 'NIMBUS_VPN', DisplayName: 'Nimbus VPN', VendorAccountId: 7, VendorName: 'Nimbus Security', Category: 'Network', IsEnabled: true, DisplayNames: {}, Descriptions: {}, Revision: 3 };
const wiki: MyService = { ...vpn, ServiceName: 'ORBIT_WIKI', DisplayName: 'Orbit Wiki', VendorAccountId: 8, VendorName: 'Orbit Analytics', Category: 'Productivity', DisplayNames: { de: 'Firmenwiki' } };
const manager = ['MY_SERVICES', 'SERVICE_TOOL_EDIT', 'SERVICE_TOOL_EXPORT', 'SERVICE_TOOL_GROUPS'].map((type) => capability(type as 'MY_SERVICES', { Read: true, Create: true, Execute: true, Delete: true }));

type Answer = (body: Record<string, unknown>) => FakeResponse;

function renderScreen(answers: Record<string, Answer> = {}, capabilities = manager) {
  const fetch = installFakeFetch((url, init) => {
    const operation = url.slice(url.lastIndexOf('/') + 1);
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    if (answers[operation]) return answers[operation](body);
    if (operation === 'GetMyServices') return { body: { OwnerType: 'Reseller', Services: [vpn, wiki], Total: 2, Vendors: [{ VendorAccountId: 7, VendorName: 'Nimbus Security' }], Categories: ['Network', 'Productivity'] } };
    return { body: {} };
  });
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/Marketplace/MyServices" element={<MyServicesScreen />} />
      <Route path="*" element={null} />
    </Routes>,
    { path: '/Marketplace/MyServices' },
  );
  rendered.queryClient.setQueryData(CURRENT_USER_QUERY_KEY, buildSessionUser({ Capability: capabilities }));
  return { ...rendered, fetch };
}
const bodiesOf = (fetch: ReturnType<typeof installFakeFetch>, operation: string) =>
  fetch.mock.calls.filter(([url]) => String(url).endsWith(`/${operation}`)).map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MyServicesScreen', () => {
  it('lists the services with vendor, category and own texts, and asks the server for the sort and filter chosen', async () => {
    const user = userEvent.setup();
    const { fetch } = renderScreen();
    const table = await screen.findByRole('table', { name: 'Services' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(/Nimbus VPN.*Nimbus Security.*Network.*Vendor's texts/);
    expect(rows[1]).toHaveTextContent('Own texts (de)');
    await user.click(within(table).getByRole('button', { name: 'Vendor' }));
    await waitFor(() => expect(bodiesOf(fetch, 'GetMyServices').at(-1)).toMatchObject({ sortBy: 'VendorName', sortDirection: 'asc', page: 0 }));
    await user.click(screen.getByRole('combobox', { name: 'Enabled' }));
    await user.click(screen.getByRole('option', { name: 'Disabled' }));
    await waitFor(() => expect(bodiesOf(fetch, 'GetMyServices').at(-1)).toMatchObject({ filter: { Text: '', IsEnabled: false } }));
  }, 45_000);

  it('switches a service off for the customers with the revision it was read at', async () => {
    const user = userEvent.setup();
    const { fetch } = renderScreen({ SaveMyService: () => ({ body: { ...vpn, IsEnabled: false } }) });
    await user.click(await screen.findByRole('switch', { name: 'Nimbus VPN enabled for your customers' }));
    await waitFor(() => expect(bodiesOf(fetch, 'SaveMyService')).toEqual([{ serviceName: 'NIMBUS_VPN', revisionId: 3, settings: { IsEnabled: false } }]));
    expect(await screen.findByText('Nimbus VPN is now hidden from your customers.')).toBeInTheDocument();
  }, 45_000);

  it('shows every row the import refused, and the summary of an import that went through', async () => {
    const user = userEvent.setup();
    let refuse = true;
    renderScreen({
      ImportServices: () =>
        refuse
          ? { body: { Imported: false, RowsRead: 2, RowsChanged: 0, Errors: [{ Row: 3, Column: 'Enabled for customers', Message: 'Enter Yes or No instead of maybe.' }] } }
          : { body: { Imported: true, RowsRead: 2, RowsChanged: 1, Errors: [] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Import from Excel' }));
    const dialog = screen.getByRole('dialog', { name: 'Import My services' });
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
    const file = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'services.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    await user.upload(dialog.querySelector('input[type="file"]')!, file);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const report = await within(dialog).findByRole('table', { name: 'Rows refused by the import' });
    expect(within(report).getAllByRole('row')[1]).toHaveTextContent(/3.*Enabled for customers.*Enter Yes or No instead of maybe\./);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Nothing was imported. Problems found: 1.');

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Import finished. Rows read: 2; services changed: 1.')).toBeInTheDocument();
  }, 45_000);

  it('offers neither switch, texts nor import without the service tool capabilities', async () => {
    renderScreen({}, [capability('MY_SERVICES', { Read: true })]);
    await screen.findByRole('table', { name: 'Services' });
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import from Excel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export to Excel' })).not.toBeInTheDocument();
  }, 45_000);
});
