import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { mdiAccountMultiple, mdiDeleteOutline, mdiPencilOutline, mdiPlaylistPlus } from '@mdi/js';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { MarketplaceSummary } from '@cmp/contracts/pricing';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { PriorityCell, type MoveDirection } from './PriorityMoveButtons';
import { RowActionButton } from '../../platform/ui/table/RowActionButton';

export type PricelistAction = 'edit' | 'delete' | 'customers';

interface PricelistsTableProps {
  pricelists: MarketplaceSummary[];
  labelledBy: string;
  /** Shown instead of the table when the caller has no pricelist. */
  empty: ReactNode;
  canChange: boolean;
  canDelete: boolean;
  containerRef: Ref<HTMLDivElement>;
  onMove: (pricelist: MarketplaceSummary, direction: MoveDirection) => void;
  onAction: (action: PricelistAction, pricelist: MarketplaceSummary) => void;
}

const numberSx = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The caller's pricelists by priority: name (to its prices), currency, customers, services, tags and
 * what may be done. The priority is the order, so the list neither sorts by another column nor pages:
 * Move up / Move down act on the order shown.
 */
export function PricelistsTable({ pricelists, labelledBy, empty, canChange, canDelete, containerRef, onMove, onAction }: PricelistsTableProps) {
  const { t } = useTranslation();
  const columns: DataColumn<MarketplaceSummary>[] = [
    {
      id: 'priority',
      header: t('pricing.column_priority'),
      cellSx: { width: 120 },
      cell: (pricelist) => (
        <PriorityCell
          priority={pricelist.Priority}
          name={pricelist.Name}
          moveKey={String(pricelist.MarketplaceId)}
          index={pricelists.indexOf(pricelist)}
          count={pricelists.length}
          isMovable={canChange}
          onMove={(direction) => onMove(pricelist, direction)}
        />
      ),
    },
    {
      id: 'name',
      header: t('pricing.column_name'),
      isRowHeader: true,
      cellSx: { fontWeight: 500, overflowWrap: 'anywhere', minWidth: 180 },
      cell: (pricelist) => (
        <Link component={RouterLink} to={`/pricelists/${pricelist.MarketplaceId}/edit-prices`}>
          {pricelist.Name}
        </Link>
      ),
    },
    { id: 'currency', header: t('pricing.column_currency'), cell: (pricelist) => pricelist.Currency },
    { id: 'customers', header: t('pricing.column_customers'), align: 'right', cellSx: numberSx, cell: (pricelist) => pricelist.CustomersCount },
    { id: 'services', header: t('pricing.column_services'), align: 'right', cellSx: numberSx, cell: (pricelist) => pricelist.ServicesCount },
    {
      id: 'tags',
      header: t('pricing.column_tags'),
      cell: (pricelist) =>
        pricelist.Tags.length === 0 ? (
          '—'
        ) : (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {pricelist.Tags.map((tag) => (
              <Chip key={tag} size="small" variant="outlined" label={tag} />
            ))}
          </Stack>
        ),
    },
    {
      id: 'actions',
      header: t('pricing.column_actions'),
      cellSx: { width: '1%', whiteSpace: 'nowrap' },
      cell: (pricelist) => (
        <>
          <RowActionButton label={t('pricing.show_customers', { name: pricelist.Name })} icon={mdiAccountMultiple} onClick={() => onAction('customers', pricelist)} />
          {canChange && (
            <Tooltip title={t('add_to_pricelist.link_label', { name: pricelist.Name })} describeChild>
              <IconButton size="small" component={RouterLink} to={`/add-to-pricelist?marketplaceId=${pricelist.MarketplaceId}`} aria-label={t('add_to_pricelist.link_label', { name: pricelist.Name })}>
                <MdiIcon path={mdiPlaylistPlus} fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {canChange && <RowActionButton label={t('pricing.edit_pricelist', { name: pricelist.Name })} icon={mdiPencilOutline} onClick={() => onAction('edit', pricelist)} />}
          {canDelete && <RowActionButton label={t('pricing.delete_pricelist', { name: pricelist.Name })} icon={mdiDeleteOutline} onClick={() => onAction('delete', pricelist)} />}
        </>
      ),
    },
  ];
  return (
    // useFocusAfterMove finds a moved row's buttons in this box.
    <Box ref={containerRef}>
      <DataTable tableId="pricelists" rows={pricelists} columns={columns} rowKey={(pricelist) => pricelist.MarketplaceId} labelledBy={labelledBy} pageSizes={false} empty={empty} />
    </Box>
  );
}
