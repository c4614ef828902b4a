import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  cancelImportRequestSchema,
  getImportErrorsRequestSchema,
  getImportErrorsResponseSchema,
  getImportsRequestSchema,
  getImportsResponseSchema,
  importSchema,
  type AccountImport,
} from '@cmp/contracts/imports';
import { capability, buildSessionUser } from '../../test/buildSessionUser';
import { bodiesSentTo, operation } from '../../test/apiHandlers';
import { apiServer } from '../../test/apiServer';
import { renderWithProviders } from '../../test/renderWithProviders';
import { CURRENT_USER_QUERY_KEY } from '../../platform/session/currentUser';
import { MyImportsScreen } from '../screens/MyImportsScreen';

const base: AccountImport = {
  ImportId: 7,
  Name: 'Spring customers',
  Type: 'CSV',
  Status: 'Pending',
  ScheduleDate: '2026-12-01T09:00:00.000Z',
  ParentAccountId: 57,
  ParentDisplayName: 'Northwind Cloud',
  CreatorAccountId: 9,
  Creator: 'Nora Winters',
  CreatedAt: '2026-11-27T10:00:00.000Z',
  RowCount: 40,
  GroupCount: 4,
  GroupsDone: 0,
  ErrorCount: 0,
  ImportedAccountsCount: 0,
  FinishedAt: null,
};
const running: AccountImport = { ...base, ImportId: 8, Name: 'Autumn customers', Status: 'InProgress', GroupsDone: 1 };
const withErrors: AccountImport = { ...base, ImportId: 9, Name: 'Old list', Status: 'Error', ErrorCount: 2, ImportedAccountsCount: 12 };

function renderScreen(imports: AccountImport[], canImport = true) {
  apiServer.use(
    operation('IImportService/GetImports', { request: getImportsRequestSchema, response: getImportsResponseSchema }, () => ({ Imports: imports, Total: imports.length })),
    operation('IImportService/CancelImport', { request: cancelImportRequestSchema, response: importSchema }, () => ({ ...base, Status: 'Cancelled' })),
    operation('IImportService/GetImportErrors', { request: getImportErrorsRequestSchema, response: getImportErrorsResponseSchema }, () => ({
      ImportId: 9,
      Total: 2,
      Errors: [
        { Row: 3, Column: 'Email', Message: 'Email is required' },
        { Row: 5, Column: 'Username', Message: 'Username x is taken' },
      ],
    })),
  );
  const rendered = renderWithProviders(<MyImportsScreen />, { path: '/provisioning/my-imports' });
  const capabilities = [capability('MY_IMPORTS', { Read: true }), ...(canImport ? [capability('COMPANY_ACCOUNT', { Read: true, Create: true })] : [])];
  rendered.queryClient.setQueryData(CURRENT_USER_QUERY_KEY, buildSessionUser({ Capability: capabilities }));
  return { user: userEvent.setup() };
}

describe('MyImportsScreen', () => {
  it('lists the imports with their columns, status and progress, newest first', async () => {
    renderScreen([base, running, withErrors]);
    const table = await screen.findByRole('table', { name: 'Imports' });
    const [pending, inProgress, failedRows] = within(table).getAllByRole('row').slice(1);
    expect(pending).toHaveTextContent(/Spring customers.*Northwind Cloud.*CSV.*Dec 1, 2026.*Pending.*Nora Winters.*0.*0/);
    expect(within(inProgress!).getByRole('progressbar', { name: '1 of 4 groups imported' })).toHaveAttribute('aria-valuenow', '25');
    expect(failedRows).toHaveTextContent(/Old list.*Error.*2.*12/);
    expect(bodiesSentTo('IImportService/GetImports')[0]).toEqual({ sortBy: 'CreatedAt', sortDescending: true, page: 0, pageSize: 25 });
  });

  it('cancels a pending import after a confirmation, and offers no cancel for a finished one', async () => {
    const { user } = renderScreen([base, withErrors]);
    await user.click(await screen.findByRole('button', { name: 'Cancel Spring customers' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel the import?' });
    expect(dialog).toHaveTextContent('Spring customers will not be imported.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel import' }));
    await waitFor(() => expect(bodiesSentTo('IImportService/CancelImport')).toEqual([{ importId: 7 }]));
    expect(screen.queryByRole('button', { name: 'Cancel Old list' })).toBeNull();
  });

  it('opens the row-level error report of an import', async () => {
    const { user } = renderScreen([withErrors]);
    await user.click(await screen.findByRole('button', { name: 'Show the errors of Old list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Errors of Old list' });
    expect(await within(dialog).findByText('Email is required')).toBeInTheDocument();
    // The caption names the report; its rows scroll under a header that stays.
    expect(within(dialog).getByRole('table', { name: 'Errors: 2' })).toBeInTheDocument();
    expect(within(dialog).getByRole('columnheader', { name: 'Row' })).toHaveClass('MuiTableCell-stickyHeader');
    expect(within(dialog).getAllByRole('row')[1]).toHaveTextContent(/3.*Email.*Email is required/);
    expect(bodiesSentTo('IImportService/GetImportErrors')[0]).toEqual({ importId: 9, page: 0, pageSize: 100 });
  });

  it('says when there is no import yet, filters by status on the server, and hides New import without Create', async () => {
    const { user } = renderScreen([], false);
    expect(await screen.findByText('No import yet.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('link', { name: 'New import' })).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Completed' }));
    expect(await screen.findByText('No import matches the filter.')).toBeInTheDocument();
    expect(bodiesSentTo('IImportService/GetImports').at(-1)).toMatchObject({ status: 'Completed' });
  });
});
