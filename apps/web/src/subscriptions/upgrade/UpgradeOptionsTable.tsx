import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Radio from '@mui/material/Radio';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { UpgradeOption } from '@cmp/contracts/upgrades';
import { formatMoney } from '../../platform/money/formatMoney';
import { visuallyHidden } from '../../platform/ui/visuallyHidden';
import { formatDate } from '../../orders/wizard/orderWizardState';
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
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy} sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Box component="span" sx={visuallyHidden}>
                {t('upgrade_wizard.column_choose')}
              </Box>
            </TableCell>
            <TableCell>{t('upgrade_wizard.column_service')}</TableCell>
            <TableCell>{t('upgrade_wizard.column_vendor')}</TableCell>
            <TableCell>{t('upgrade_wizard.column_price')}</TableCell>
            <TableCell>{t('upgrade_wizard.column_kind')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {options.map((option) => {
            const canChoose = Boolean(onSelect) && isSelectable(option);
            const isSelected = selected === option.UpgradeProcessId;
            const optionNotes = notes(option);
            const notesId = `upgrade-option-notes-${option.UpgradeProcessId}`;
            return (
              <TableRow key={option.UpgradeProcessId} hover={canChoose} selected={isSelected} onClick={canChoose ? () => onSelect?.(option) : undefined} sx={canChoose ? { cursor: 'pointer' } : undefined}>
                <TableCell padding="checkbox">
                  <Radio
                    name="upgrade-option"
                    value={option.UpgradeProcessId}
                    checked={isSelected}
                    disabled={!canChoose}
                    onChange={() => onSelect?.(option)}
                    slotProps={{ input: { 'aria-label': option.DisplayName, ...(optionNotes.length > 0 ? { 'aria-describedby': notesId } : {}) } }}
                  />
                </TableCell>
                <TableCell component="th" scope="row" sx={{ minWidth: 220, overflowWrap: 'anywhere' }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {option.DisplayName}
                  </Typography>
                  {option.Description && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {option.Description}
                    </Typography>
                  )}
                  {optionNotes.length > 0 && (
                    <Box id={notesId} sx={{ mt: 0.5 }}>
                      {optionNotes.map((note) => (
                        <Typography key={note} variant="caption" component="div">
                          {note}
                        </Typography>
                      ))}
                    </Box>
                  )}
                </TableCell>
                <TableCell>{option.VendorName}</TableCell>
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {priceText(option)}
                  {option.PriceRule && (
                    <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'normal' }}>
                      {option.PriceRule}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" color={option.Kind === 'Upgrade' ? 'primary' : 'default'} label={t(`upgrade_wizard.kinds.${option.Kind}`)} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
