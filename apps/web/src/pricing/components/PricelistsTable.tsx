import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { mdiAccountMultiple, mdiDeleteOutline, mdiPencilOutline, mdiPlaylistPlus } from '@mdi/js';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { MarketplaceSummary } from '@cmp/contracts/pricing';
import { PriorityCell, type MoveDirection } from './PriorityMoveButtons';
import { RowActionButton } from './RowActionButton';

export type PricelistAction = 'edit' | 'delete' | 'customers';

interface PricelistsTableProps {
  pricelists: MarketplaceSummary[];
  labelledBy: string;
  canChange: boolean;
  canDelete: boolean;
  containerRef: Ref<HTMLDivElement>;
  onMove: (pricelist: MarketplaceSummary, direction: MoveDirection) => void;
  onAction: (action: PricelistAction, pricelist: MarketplaceSummary) => void;
}

const numberCell = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The caller's pricelists by priority: name (to its prices), currency, customers, services, tags and what may be done. */
export function PricelistsTable({ pricelists, labelledBy, canChange, canDelete, containerRef, onMove, onAction }: PricelistsTableProps) {
  const { t } = useTranslation();
  return (
    <TableContainer ref={containerRef}>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 120 }}>{t('pricing.column_priority')}</TableCell>
            <TableCell>{t('pricing.column_name')}</TableCell>
            <TableCell>{t('pricing.column_currency')}</TableCell>
            <TableCell sx={numberCell}>{t('pricing.column_customers')}</TableCell>
            <TableCell sx={numberCell}>{t('pricing.column_services')}</TableCell>
            <TableCell>{t('pricing.column_tags')}</TableCell>
            <TableCell sx={{ width: '1%', whiteSpace: 'nowrap' }}>{t('pricing.column_actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {pricelists.map((pricelist, index) => (
            <TableRow key={pricelist.MarketplaceId} hover>
              <PriorityCell
                priority={pricelist.Priority}
                name={pricelist.Name}
                moveKey={String(pricelist.MarketplaceId)}
                index={index}
                count={pricelists.length}
                isMovable={canChange}
                onMove={(direction) => onMove(pricelist, direction)}
              />
              <TableCell component="th" scope="row" sx={{ fontWeight: 500, overflowWrap: 'anywhere', minWidth: 180 }}>
                <Link component={RouterLink} to={`/pricelists/${pricelist.MarketplaceId}/edit-prices`}>
                  {pricelist.Name}
                </Link>
              </TableCell>
              <TableCell>{pricelist.Currency}</TableCell>
              <TableCell sx={numberCell}>{pricelist.CustomersCount}</TableCell>
              <TableCell sx={numberCell}>{pricelist.ServicesCount}</TableCell>
              <TableCell>
                {pricelist.Tags.length === 0 ? (
                  '—'
                ) : (
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                    {pricelist.Tags.map((tag) => (
                      <Chip key={tag} size="small" variant="outlined" label={tag} />
                    ))}
                  </Stack>
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
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
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
