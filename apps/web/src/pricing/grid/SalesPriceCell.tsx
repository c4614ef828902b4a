import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiCloseCircleOutline, mdiPencilOutline, mdiUndoVariant } from '@mdi/js';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { PricedItem } from '@cmp/contracts/pricing';
import { formatMoney } from '../../platform/money/formatMoney';
import { BelowPurchaseFlag } from '../components/PriceExplanation';
import { RowActionButton } from '../../platform/ui/table/RowActionButton';
import { hasManualPrice, isBelowPurchase, parseManualPrice } from './manualPrice';

interface SalesPriceCellProps {
  item: PricedItem;
  /** "Skyline Mail – Subscription", for the labels of the field and the buttons. */
  label: string;
  /** An unsaved edit: a price, null (the manual price is to be cleared), or undefined (none). */
  pending: string | null | undefined;
  /** Given when the caller may change prices. */
  onStage?: (price: string | null) => void;
  onUndo?: () => void;
}

/**
 * The sales price of a grid row, and its inline edit (issue 13): the pencil opens a field, Enter
 * keeps the typed manual price as an unsaved change, Escape leaves it as it was. A manual price can
 * be cleared (the rules price the item again); an unsaved edit can be taken back.
 */
export function SalesPriceCell({ item, label, pending, onStage, onUndo }: SalesPriceCellProps) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<string>();
  const [error, setError] = useState<string>();
  const isEditing = draft !== undefined;
  const shown = pending === undefined ? item.SalesPrice : pending;
  const isBelow = pending === undefined ? item.IsBelowPurchase : pending !== null && isBelowPurchase(pending, item);

  const start = () => {
    setDraft(pending ?? item.SalesPrice ?? '');
    setError(undefined);
  };
  const keep = () => {
    const price = parseManualPrice(draft ?? '');
    if (price === undefined) {
      setError(t('pricing_preview.price_invalid'));
      return;
    }
    onStage?.(price);
    setDraft(undefined);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      keep();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setDraft(undefined);
    }
  };

  if (isEditing) {
    return (
      <TextField
        size="small"
        autoFocus
        label={t('pricing_preview.manual_price_of', { item: label })}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(undefined);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setDraft(undefined)}
        error={error !== undefined}
        helperText={error ?? t('pricing_preview.edit_keys')}
        sx={{ minWidth: 190 }}
        slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
      />
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5 }}>
      <Box component="span" sx={{ textAlign: 'right' }}>
        {shown === null ? (pending === null ? t('pricing_preview.by_rules') : '—') : formatMoney(shown, item.Currency, i18n.language)}
        {pending !== undefined && (
          <>
            <br />
            <Chip size="small" variant="outlined" sx={{ borderColor: 'warning.main', fontWeight: 500 }} label={t('pricing_preview.unsaved')} />
          </>
        )}
        {isBelow && (
          <>
            <br />
            <BelowPurchaseFlag />
          </>
        )}
      </Box>
      {onStage && (
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          <RowActionButton label={t('pricing_preview.edit_price', { item: label })} icon={mdiPencilOutline} onClick={start} />
          {pending !== undefined ? (
            <RowActionButton label={t('pricing_preview.undo_edit', { item: label })} icon={mdiUndoVariant} onClick={() => onUndo?.()} />
          ) : (
            hasManualPrice(item) && <RowActionButton label={t('pricing_preview.clear_price', { item: label })} icon={mdiCloseCircleOutline} onClick={() => onStage(null)} />
          )}
        </Box>
      )}
    </Box>
  );
}
