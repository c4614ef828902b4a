import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MarketplaceService } from '@cmp/contracts/propagation';

interface AvailableServicesTableProps {
  services: MarketplaceService[];
  labelledBy: string;
  selected: ReadonlySet<string>;
  onToggle: (serviceName: string) => void;
  onToggleAll: (serviceNames: string[], select: boolean) => void;
}

/** Catalog services to add, each with a checkbox; the header's checkbox takes the whole page. */
export function AvailableServicesTable({ services, labelledBy, selected, onToggle, onToggleAll }: AvailableServicesTableProps) {
  const { t } = useTranslation();
  const names = services.map((service) => service.ServiceName);
  const selectedOnPage = names.filter((name) => selected.has(name)).length;
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={selectedOnPage > 0 && selectedOnPage === names.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < names.length}
                onChange={(event) => onToggleAll(names, event.target.checked)}
                slotProps={{ input: { 'aria-label': t('add_to_pricelist.select_page') } }}
              />
            </TableCell>
            <TableCell>{t('add_to_pricelist.column_service')}</TableCell>
            <TableCell>{t('add_to_pricelist.column_vendor')}</TableCell>
            <TableCell>{t('add_to_pricelist.column_category')}</TableCell>
            <TableCell>{t('add_to_pricelist.column_tags')}</TableCell>
            <TableCell sx={{ textAlign: 'right' }}>{t('add_to_pricelist.column_items')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {services.map((service) => {
            const isSelected = selected.has(service.ServiceName);
            return (
              <TableRow key={service.ServiceName} hover selected={isSelected} onClick={() => onToggle(service.ServiceName)} sx={{ cursor: 'pointer' }}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={isSelected}
                    onClick={(event) => event.stopPropagation()}
                    onChange={() => onToggle(service.ServiceName)}
                    slotProps={{ input: { 'aria-label': t('add_to_pricelist.select_service', { name: service.DisplayName }) } }}
                  />
                </TableCell>
                <TableCell component="th" scope="row" sx={{ minWidth: 220, overflowWrap: 'anywhere' }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {service.DisplayName}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {service.ServiceName}
                  </Typography>
                </TableCell>
                <TableCell>{service.VendorName || '—'}</TableCell>
                <TableCell>{service.Category ?? '—'}</TableCell>
                <TableCell>
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                    {service.Tags.map((tag) => (
                      <Chip key={tag} size="small" variant="outlined" label={tag} />
                    ))}
                  </Stack>
                </TableCell>
                <TableCell sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{service.ItemCount}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
