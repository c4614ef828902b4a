import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { SsoProviderInUse } from '@cmp/contracts/adminConsole';
import { ConsoleQueryCard } from './ConsoleQueryCard';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { useSsoProvidersInUse } from '../api/adminConsoleOperations';

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
  const columns: DataColumn<SsoProviderInUse>[] = [
    {
      id: 'Name',
      header: t('admin_console.column_name'),
      sortValue: (provider) => provider.Name,
      isRowHeader: true,
      cell: (provider) => (
        <>
          {provider.Name}
          <Typography variant="body2" color="text.secondary">
            {provider.ProviderId}
          </Typography>
        </>
      ),
    },
    { id: 'IssuerUrl', header: t('admin_console.column_issuer'), sortValue: (provider) => provider.IssuerUrl, cellSx: { wordBreak: 'break-all' }, cell: (provider) => provider.IssuerUrl },
    { id: 'ClientId', header: t('admin_console.column_client_id'), isHideable: true, cell: (provider) => provider.ClientId },
    { id: 'Scope', header: t('admin_console.column_scope_sso'), isHideable: true, cell: (provider) => provider.Scope },
    { id: 'LinkedUsers', header: t('admin_console.column_linked_users'), align: 'right', sortValue: (provider) => provider.LinkedUsers, cell: (provider) => provider.LinkedUsers },
  ];
  return (
    <DataTable
      tableId="admin-console-sso-providers"
      rows={providers}
      columns={columns}
      rowKey={(provider) => provider.ProviderId}
      labelledBy={labelledBy}
      initialSort={{ sortBy: 'Name', sortDirection: 'asc' }}
      empty={t('admin_console.sso_empty')}
    />
  );
}
