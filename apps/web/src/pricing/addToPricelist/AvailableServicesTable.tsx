import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { MarketplaceService } from '@cmp/contracts/propagation';
import { DataTable, type DataColumn, type RowSelection, type ServerPaging } from '../../platform/ui/table/DataTable';
import { NameWithDetails } from '../components/NameWithDetails';

interface AvailableServicesTableProps {
  services: MarketplaceService[];
  labelledBy: string;
  /** The server's page (the list has the server's order). */
  server: ServerPaging<string>;
  isLoading: boolean;
  error: ReactNode;
  empty: ReactNode;
  /** Offered to who may add services: what to do with the selected ones. */
  onSelected?: RowSelection<MarketplaceService>['actions'];
}

/** Catalog services to add: service, vendor, category, tags and items, each selectable when they may be added. */
export function AvailableServicesTable({ services, labelledBy, server, isLoading, error, empty, onSelected }: AvailableServicesTableProps) {
  const { t } = useTranslation();
  const columns: DataColumn<MarketplaceService>[] = [
    {
      id: 'service',
      header: t('add_to_pricelist.column_service'),
      isRowHeader: true,
      cellSx: { minWidth: 220, overflowWrap: 'anywhere' },
      cell: (service) => <NameWithDetails name={service.DisplayName} details={service.ServiceName} />,
    },
    { id: 'vendor', header: t('add_to_pricelist.column_vendor'), cell: (service) => service.VendorName || '—' },
    { id: 'category', header: t('add_to_pricelist.column_category'), cell: (service) => service.Category ?? '—' },
    {
      id: 'tags',
      header: t('add_to_pricelist.column_tags'),
      cell: (service) => (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {service.Tags.map((tag) => (
            <Chip key={tag} size="small" variant="outlined" label={tag} />
          ))}
        </Stack>
      ),
    },
    { id: 'items', header: t('add_to_pricelist.column_items'), align: 'right', cellSx: { fontVariantNumeric: 'tabular-nums' }, cell: (service) => service.ItemCount },
  ];
  return (
    <DataTable
      tableId="available-services"
      rows={services}
      columns={columns}
      rowKey={(service) => service.ServiceName}
      labelledBy={labelledBy}
      server={server}
      isLoading={isLoading}
      error={error}
      empty={empty}
      selection={onSelected && { rowLabel: (service) => t('add_to_pricelist.select_service', { name: service.DisplayName }), actions: onSelected }}
    />
  );
}
