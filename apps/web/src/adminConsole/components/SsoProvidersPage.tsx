import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SsoProviderInUse } from '@cmp/contracts/adminConsole';
import { ConsoleQueryCard } from './ConsoleQueryCard';
import { ListPagination } from '../../users/components/ListPagination';
import { SortableHeaderCell } from '../../users/components/SortableHeaderCell';
import { useSsoProvidersInUse } from '../api/adminConsoleOperations';
import { useClientTable } from '../hooks/useClientTable';

type ProviderSortField = 'Name' | 'IssuerUrl' | 'LinkedUsers';
const providerValue = (provider: SsoProviderInUse, field: ProviderSortField) => provider[field];

/** The SSO providers in use, read-only: SSO_PROVIDERS in the server's configuration owns them. */
export function SsoProvidersPage() {
  const { t } = useTranslation();
  const query = useSsoProvidersInUse();
  return (
    <ConsoleQueryCard title={t('admin_console.sso_title')} intro={t('admin_console.sso_intro')} query={query}>
      {(answer, headingId) => (answer.Providers.length ? <ProvidersTable providers={answer.Providers} labelledBy={headingId} /> : <Typography>{t('admin_console.sso_empty')}</Typography>)}
    </ConsoleQueryCard>
  );
}

function ProvidersTable({ providers, labelledBy }: { providers: SsoProviderInUse[]; labelledBy: string }) {
  const { t } = useTranslation();
  const table = useClientTable<SsoProviderInUse, ProviderSortField>(providers, { sortBy: 'Name', sortDirection: 'asc' }, providerValue);
  return (
    <>
      <TableContainer>
        <Table size="small" aria-labelledby={labelledBy}>
          <TableHead>
            <TableRow>
              <SortableHeaderCell field="Name" sort={table.sort} onSort={table.onSort}>
                {t('admin_console.column_name')}
              </SortableHeaderCell>
              <SortableHeaderCell field="IssuerUrl" sort={table.sort} onSort={table.onSort}>
                {t('admin_console.column_issuer')}
              </SortableHeaderCell>
              <TableCell>{t('admin_console.column_client_id')}</TableCell>
              <TableCell>{t('admin_console.column_scope_sso')}</TableCell>
              <SortableHeaderCell field="LinkedUsers" sort={table.sort} onSort={table.onSort} align="right">
                {t('admin_console.column_linked_users')}
              </SortableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {table.pageRows.map((provider) => (
              <TableRow key={provider.ProviderId}>
                <TableCell component="th" scope="row">
                  {provider.Name}
                  <Typography variant="body2" color="text.secondary">
                    {provider.ProviderId}
                  </Typography>
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>{provider.IssuerUrl}</TableCell>
                <TableCell>{provider.ClientId}</TableCell>
                <TableCell>{provider.Scope}</TableCell>
                <TableCell align="right">{provider.LinkedUsers}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination {...table.pagination} />
    </>
  );
}
