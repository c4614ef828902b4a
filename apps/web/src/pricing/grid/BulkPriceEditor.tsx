import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { PricedItem } from '@cmp/contracts/pricing';
import { hasManualPrice, parseManualPrice, type PendingPrices } from './manualPrice';

interface BulkPriceEditorProps {
  selected: PricedItem[];
  pending: PendingPrices;
  onStage: (entries: [number, string | null][]) => void;
  /** Ends the selection once its edit is staged. */
  onDone: () => void;
}

/** One manual price for every selected item, or their manual prices cleared — unsaved changes, like an inline edit. */
export function BulkPriceEditor({ selected, pending, onStage, onDone }: BulkPriceEditorProps) {
  const { t } = useTranslation();
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string>();

  const applyPrice = () => {
    const parsed = parseManualPrice(price);
    if (parsed === undefined) {
      setError(t('pricing_preview.price_invalid'));
      return;
    }
    onStage(selected.map((item) => [item.PriceableItemId, parsed]));
    onDone();
  };
  const clearPrices = () => {
    // Only items with a manual price (saved or typed) have one to clear.
    onStage(selected.filter((item) => pending.has(item.PriceableItemId) || hasManualPrice(item)).map((item) => [item.PriceableItemId, null]));
    onDone();
  };

  return (
    <>
      <TextField
        size="small"
        label={t('pricing_preview.bulk_price')}
        value={price}
        onChange={(event) => {
          setPrice(event.target.value);
          setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            applyPrice();
          }
        }}
        error={error !== undefined}
        helperText={error}
        slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
      />
      <Button variant="outlined" onClick={applyPrice}>
        {t('pricing_preview.bulk_set')}
      </Button>
      <Button onClick={clearPrices}>{t('pricing_preview.bulk_clear')}</Button>
      <Button onClick={onDone}>{t('pricing_preview.bulk_unselect')}</Button>
    </>
  );
}
