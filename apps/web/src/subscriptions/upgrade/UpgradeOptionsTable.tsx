import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Radio from '@mui/material/Radio';
import Typography from '@mui/material/Typography';
import type { UpgradeOption } from '@cmp/contracts/upgrades';
import { formatMoney } from '../../platform/money/formatMoney';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { formatDate } from '../../platform/dates/formatDate';
import { canUseExisting, isSelectable } from './upgradeWizardState';

interface UpgradeOptionsTableProps {
  options: UpgradeOption[];
  /** The source's term end: when a downgrade takes effect. */
  termEnd: string | null;
  labelledBy: string;
  selected: number | undefined;
  /** Absent: the options are shown but cannot be chosen (the subscription cannot be upgraded now). */
  onSelect?: (option: UpgradeOption) => void;
}

/** The upgrade paths: the service, its vendor, the current price for the source's term, upgrade or downgrade and what that means. */
export function UpgradeOptionsTable({ options, termEnd, labelledBy, selected, onSelect }: UpgradeOptionsTableProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const priceText = (option: UpgradeOption) =>
    option.UnitPrice !== null && option.Currency ? t('upgrade_wizard.price_per_unit', { price: formatMoney(option.UnitPrice, option.Currency, locale) }) : t('upgrade_wizard.not_priced');
  const notes = (option: UpgradeOption): string[] => [
    ...(option.Kind === 'Downgrade' ? [termEnd ? t('upgrade_wizard.downgrade_note', { date: formatDate(termEnd, locale) }) : t('upgrade_wizard.downgrade_note_no_date')] : []),
    ...(!option.IsTermOffered ? [canUseExisting(option) ? t('upgrade_wizard.term_not_offered_existing') : t('upgrade_wizard.term_not_offered_none')] : []),
    ...(canUseExisting(option) ? [t('upgrade_wizard.existing_count', { number: option.ExistingSubscriptions.length })] : []),
  ];
  const idPrefix = useId();
  const radioId = (option: UpgradeOption) => `${idPrefix}-option-${option.UpgradeProcessId}`;
  const notesId = (option: UpgradeOption) => `${idPrefix}-notes-${option.UpgradeProcessId}`;
  const canChoose = (option: UpgradeOption) => Boolean(onSelect) && isSelectable(option);
  const kindText = (option: UpgradeOption) => t(`upgrade_wizard.kinds.${option.Kind}`);
  const columns: DataColumn<UpgradeOption>[] = [
    {
      id: 'choose',
      header: t('upgrade_wizard.column_choose'),
      isHeaderHidden: true,
      cellSx: { width: '1%', py: 0 },
      cell: (option) => (
        <Radio
          id={radioId(option)}
          name="upgrade-option"
          value={option.UpgradeProcessId}
          checked={selected === option.UpgradeProcessId}
          disabled={!canChoose(option)}
          onChange={() => onSelect?.(option)}
          slotProps={{ input: { 'aria-label': option.DisplayName, ...(notes(option).length > 0 ? { 'aria-describedby': notesId(option) } : {}) } }}
        />
      ),
    },
    {
      id: 'service',
      header: t('upgrade_wizard.column_service'),
      isRowHeader: true,
      sortValue: (option) => option.DisplayName,
      cellSx: { minWidth: 220, overflowWrap: 'anywhere' },
      cell: (option) => (
        <>
          {/* The name is the radio's label too: a larger target than the radio alone. */}
          <Typography variant="body2" component="label" htmlFor={radioId(option)} sx={{ fontWeight: 500, display: 'block', cursor: canChoose(option) ? 'pointer' : undefined }}>
            {option.DisplayName}
          </Typography>
          {option.Description && (
            <Typography variant="caption" color="text.secondary" component="div">
              {option.Description}
            </Typography>
          )}
          {notes(option).length > 0 && (
            <Box id={notesId(option)} sx={{ mt: 0.5 }}>
              {notes(option).map((note) => (
                <Typography key={note} variant="caption" component="div">
                  {note}
                </Typography>
              ))}
            </Box>
          )}
        </>
      ),
    },
    { id: 'vendor', header: t('upgrade_wizard.column_vendor'), cell: (option) => option.VendorName, sortValue: (option) => option.VendorName },
    {
      id: 'price',
      header: t('upgrade_wizard.column_price'),
      sortValue: (option) => (option.UnitPrice === null ? null : Number(option.UnitPrice)),
      cellSx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
      cell: (option) => (
        <>
          {priceText(option)}
          {option.PriceRule && (
            <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'normal' }}>
              {option.PriceRule}
            </Typography>
          )}
        </>
      ),
    },
    {
      id: 'kind',
      header: t('upgrade_wizard.column_kind'),
      sortValue: kindText,
      cell: (option) => <Chip size="small" variant="outlined" color={option.Kind === 'Upgrade' ? 'primary' : 'default'} label={kindText(option)} />,
    },
  ];
  return (
    <DataTable
      tableId="upgrade-options"
      rows={options}
      columns={columns}
      rowKey={(option) => option.UpgradeProcessId}
      labelledBy={labelledBy}
      // The wizard says itself when the service has no path.
      empty={null}
      sx={{ '& td, & th': { px: 1 } }}
      rowSx={(option) => (selected === option.UpgradeProcessId ? { bgcolor: 'action.selected' } : undefined)}
    />
  );
}
