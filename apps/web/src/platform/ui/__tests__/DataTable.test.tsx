import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import Button from '@mui/material/Button';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { buildSessionUser } from '../../../test/buildSessionUser';
import { QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from '../../session/currentUser';
import { FormDialog } from '../dialog/FormDialog';
import { compareSortValues, DataTable, type DataColumn, type DataTableProps, type ServerPaging } from '../table/DataTable';
import { hiddenColumnsKey } from '../table/useRememberedColumns';

interface Company {
  id: number;
  name: string;
  seats: number;
  country: string | null;
}

const companies: Company[] = Array.from({ length: 12 }, (_, index) => ({
  id: index + 1,
  name: `Company ${index + 1}`,
  seats: (index * 7) % 12,
  country: index % 3 === 0 ? null : 'Finland',
}));

const columns: DataColumn<Company>[] = [
  { id: 'name', header: 'Name', sortValue: (company) => company.name, isRowHeader: true, cell: (company) => company.name },
  { id: 'seats', header: 'Seats', align: 'right', sortValue: (company) => company.seats, cell: (company) => company.seats },
  { id: 'country', header: 'Country', isHideable: true, sortValue: (company) => company.country, cell: (company) => company.country ?? '—' },
];

function renderTable(props: Partial<DataTableProps<Company>> = {}) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, buildSessionUser());
  return renderWithProviders(
    <>
      <h2 id="companies-heading">Companies</h2>
      <DataTable tableId="companies" rows={companies} columns={columns} rowKey={(company) => company.id} labelledBy="companies-heading" empty="No company yet." {...props} />
    </>,
    { queryClient },
  );
}

/** A list whose rows open a company in a dialog, as the invoices do. */
function CompaniesWithDialog(props: Partial<DataTableProps<Company>>) {
  const [opened, setOpened] = useState<Company>();
  return (
    <>
      <DataTable tableId="companies" rows={companies} columns={columns} rowKey={(company) => company.id} label="Companies" empty="No company yet." pageSizes={false} onRowActivate={setOpened} {...props} />
      <FormDialog open={Boolean(opened)} title={opened?.name} onClose={() => setOpened(undefined)}>
        {opened?.seats} seats
      </FormDialog>
    </>
  );
}

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Companies' }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

afterEach(() => localStorage.clear());

describe('DataTable (issue 32: the portal’s one list)', () => {
  it('orders numbers as numbers, texts as a reader does, and empty values last', () => {
    expect([10, 9, 100].sort(compareSortValues)).toEqual([9, 10, 100]);
    expect(['Company 10', 'Company 9', 'company 1'].sort(compareSortValues)).toEqual(['company 1', 'Company 9', 'Company 10']);
    expect([null, 'b', '', 'a', undefined].sort(compareSortValues)).toEqual(['a', 'b', null, '', undefined]);
  });

  it('sorts by a column header and pages on the client, saying the order to screen readers', async () => {
    const user = userEvent.setup();
    renderTable({ initialSort: { sortBy: 'name', sortDirection: 'asc' } });
    expect(rowNames()).toHaveLength(10);
    expect(rowNames().slice(0, 3)).toEqual(['Company 1', 'Company 2', 'Company 3']);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Seats' }));
    expect(screen.getByRole('columnheader', { name: 'Seats' })).toHaveAttribute('aria-sort', 'ascending');
    const seats = within(screen.getByRole('table')).getAllByRole('row').slice(1).map((row) => Number(within(row).getAllByRole('cell')[0]!.textContent));
    expect(seats).toEqual([...seats].sort((a, b) => a - b));
    await user.click(screen.getByRole('button', { name: 'Seats' }));
    expect(screen.getByRole('columnheader', { name: 'Seats' })).toHaveAttribute('aria-sort', 'descending');

    // The pager loads with the first table that needs it.
    await user.click(await screen.findByRole('button', { name: /next page/i }));
    expect(rowNames()).toHaveLength(2);
  });

  it('hides a column the user chooses to hide, and remembers it for that user', async () => {
    const user = userEvent.setup();
    const first = renderTable();
    expect(screen.getByRole('columnheader', { name: 'Country' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Country' }));
    expect(screen.queryByRole('columnheader', { name: 'Country' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(hiddenColumnsKey(buildSessionUser().UserAccountId, 'companies'))!)).toEqual(['country']);
    first.unmount();

    renderTable();
    expect(screen.queryByRole('columnheader', { name: 'Country' })).not.toBeInTheDocument();
    // The row header is never offered for hiding.
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    expect(screen.queryByRole('menuitemcheckbox', { name: 'Name' })).not.toBeInTheDocument();
  });

  it('selects rows for an action on them, one by one or the whole page, and clears after the action', async () => {
    const user = userEvent.setup();
    const archive = vi.fn();
    renderTable({
      pageSizes: false,
      selection: {
        rowLabel: (company) => `Select ${company.name}`,
        isSelectable: (company) => company.id !== 12,
        actions: (selected, clear) => (
          <Button
            onClick={() => {
              archive(selected.map((company) => company.id));
              clear();
            }}
          >
            Archive
          </Button>
        ),
      },
    });
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Company 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Company 5' }));
    expect(screen.getByRole('group', { name: 'Actions on the selected rows' })).toHaveTextContent('Selected: 2');
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    expect(archive).toHaveBeenCalledWith([2, 5]);
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();

    expect(screen.getByRole('checkbox', { name: 'Select Company 12' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }));
    expect(screen.getByRole('group', { name: 'Actions on the selected rows' })).toHaveTextContent('Selected: 11');
  });

  it('leaves sorting and paging to the server when it pages', async () => {
    const user = userEvent.setup();
    const server: ServerPaging<string> = { total: 45, page: 1, pageSize: 10, sort: { sortBy: 'name', sortDirection: 'asc' }, onSort: vi.fn(), onPageChange: vi.fn(), onPageSizeChange: vi.fn() };
    renderTable({ rows: companies.slice(0, 10), server, columns: columns.map((column) => ({ ...column, sortable: column.id !== 'country' })) });
    // The rows come as the server sent them: no client sorting or slicing.
    expect(rowNames()).toEqual(companies.slice(0, 10).map((company) => company.name));
    expect(await screen.findByText('11–20 of 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Seats' }));
    expect(server.onSort).toHaveBeenCalledWith({ sortBy: 'seats', sortDirection: 'asc' });
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(server.onSort).toHaveBeenLastCalledWith({ sortBy: 'name', sortDirection: 'desc' });
    expect(screen.queryByRole('button', { name: 'Country' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(server.onPageChange).toHaveBeenCalledWith(2);
  });

  it('scrolls sideways by keyboard on a narrow screen, and names a column for screen readers only when asked', () => {
    renderTable({ columns: [...columns, { id: 'actions', header: 'Actions', isHeaderHidden: true, cell: (company) => <Button>Open {company.name}</Button> }] });
    expect(screen.getByRole('region', { name: 'Companies' })).toHaveAttribute('tabindex', '0');
    const actions = screen.getByRole('columnheader', { name: 'Actions' });
    expect(within(actions).getByText('Actions')).toHaveStyle({ position: 'absolute', width: '1px' });
  });

  it('says when there is nothing, and what went wrong', () => {
    const empty = renderTable({ rows: [] });
    expect(screen.getByText('No company yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    empty.unmount();
    renderTable({ error: 'The list could not be loaded.' });
    expect(screen.getByRole('alert')).toHaveTextContent('The list could not be loaded.');
  });

  it('opens a row by its name’s button or a click on the row, and gives the focus back to that button when the dialog closes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CompaniesWithDialog />);
    const table = screen.getByRole('table', { name: 'Companies' });
    // The table says how a row opens.
    expect(table).toHaveAccessibleDescription('To open a row, select its name.');

    // From the last column header, Tab reaches the first row's button.
    within(table).getByRole('button', { name: 'Country' }).focus();
    await user.tab();
    const first = within(table).getByRole('button', { name: 'Company 1' });
    expect(first).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Company 1' })).toHaveTextContent('0 seats');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(first).toHaveFocus();

    const third = within(table).getByRole('row', { name: /Company 3/ });
    await user.click(within(third).getAllByRole('cell')[0]!);
    expect(await screen.findByRole('dialog', { name: 'Company 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(third).getByRole('button', { name: 'Company 3' })).toHaveFocus();
  });

  it('names the open button when asked, and leaves a click on another control of the row to that control', async () => {
    const user = userEvent.setup();
    const onCall = vi.fn();
    renderWithProviders(
      <CompaniesWithDialog
        rowLabel={(company) => `Open ${company.name}`}
        describedBy="companies-hint"
        columns={[...columns, { id: 'actions', header: 'Actions', isHeaderHidden: true, cell: (company) => <Button onClick={() => onCall(company.id)}>Call {company.name}</Button> }]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Call Company 2' }));
    expect(onCall).toHaveBeenCalledWith(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The caller's own description replaces the table's hint.
    expect(screen.getByRole('table', { name: 'Companies' })).toHaveAttribute('aria-describedby', 'companies-hint');
    await user.click(screen.getByRole('button', { name: 'Open Company 2' }));
    expect(await screen.findByRole('dialog', { name: 'Company 2' })).toBeInTheDocument();
  });

  it('ends with totals rows, each named by its row header beside the values it totals', () => {
    renderTable({
      pageSizes: false,
      rows: companies.slice(0, 2),
      footer: [
        { label: 'Seats in all', values: { seats: 7 } },
        { label: 'Countries', values: { country: 1 } },
      ],
    });
    const [, , , seats, countries] = within(screen.getByRole('table', { name: 'Companies' })).getAllByRole('row');
    expect(within(seats!).getByRole('rowheader', { name: 'Seats in all' })).toHaveAttribute('colspan', '1');
    expect(within(seats!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['7', '']);
    expect(within(countries!).getByRole('rowheader', { name: 'Countries' })).toHaveAttribute('colspan', '2');
    expect(within(countries!).getByRole('cell')).toHaveTextContent('1');
  });

  it('is named by its caption, and scrolls its rows under a header that stays', () => {
    renderTable({ labelledBy: undefined, caption: 'Errors: 12', maxBodyHeight: 300, pageSizes: false });
    const table = screen.getByRole('table', { name: 'Errors: 12' });
    expect(screen.getByRole('region', { name: 'Errors: 12' })).toHaveStyle({ maxHeight: '300px' });
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveClass('MuiTableCell-stickyHeader');
    expect(within(table).getAllByRole('rowheader')).toHaveLength(12);
  });

  it('can be for screen readers only: hidden, every row, no scroll stop', () => {
    renderTable({ isScreenReaderOnly: true, label: 'Companies', labelledBy: undefined });
    expect(screen.getByRole('table', { name: 'Companies' })).toHaveStyle({ position: 'absolute', width: '1px' });
    expect(rowNames()).toHaveLength(12);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /next page/i })).not.toBeInTheDocument();
  });
});
