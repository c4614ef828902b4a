import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { MarketplaceSummary } from '@cmp/contracts/pricing';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
import type { PricelistProperties } from '../api/pricelistOperations';
import { PRICELIST_CURRENCIES } from '../constants/currencies';

/** The contract's limits (marketplaceProperties): name up to 100 characters, up to 20 tags of 50. */
const NAME_MAX_LENGTH = 100;
const TAGS_MAX = 20;
const TAG_MAX_LENGTH = 50;

export type PricelistDialogState = { mode: 'new' } | { mode: 'edit'; pricelist: MarketplaceSummary };

interface PricelistDialogProps {
  state: PricelistDialogState | undefined;
  /** Currency offered for a new pricelist: the one the caller's pricelists use. */
  defaultCurrency: string;
  /** Tags the caller's pricelists already carry, offered as suggestions. */
  knownTags: string[];
  /** Resolves with the server's refusal (a name already used), or undefined once saved. */
  onSave: (properties: PricelistProperties) => Promise<string | undefined>;
  onClose: () => void;
}

/** New pricelist or its properties (name, currency, tags as chips); the contract's limits are checked before sending. */
export function PricelistDialog({ state, defaultCurrency, knownTags, onSave, onClose }: PricelistDialogProps) {
  const { t, i18n } = useTranslation();
  const [name, setName] = useState('');
  const [currency, setCurrency] = useState(defaultCurrency);
  const [tags, setTags] = useState<string[]>([]);
  const [tagText, setTagText] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [tagsError, setTagsError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    const pricelist = state?.mode === 'edit' ? state.pricelist : undefined;
    setName(pricelist?.Name ?? '');
    setCurrency(pricelist?.Currency ?? defaultCurrency);
    setTags(pricelist?.Tags ?? []);
    setTagText('');
    setNameError(undefined);
    setTagsError(undefined);
    setServerError(undefined);
  }, [state, defaultCurrency]);

  const saved = state?.mode === 'edit' ? state.pricelist : undefined;
  const hasUnsavedChanges = name !== (saved?.Name ?? '') || currency !== (saved?.Currency ?? defaultCurrency) || tags.join('\n') !== (saved?.Tags ?? []).join('\n') || tagText.trim() !== '';
  const currencies = [...new Set([...PRICELIST_CURRENCIES, currency])];
  const currencyNames = new Intl.DisplayNames([i18n.language], { type: 'currency', fallback: 'code' });

  const submit = async () => {
    // A tag still being typed counts: people press Save without Enter.
    const allTags = [...new Set([...tags, tagText].map((tag) => tag.trim()).filter(Boolean))];
    const trimmedName = name.trim();
    const nameProblem = trimmedName === '' ? t('pricing.name_required') : trimmedName.length > NAME_MAX_LENGTH ? t('pricing.name_too_long', { max: NAME_MAX_LENGTH }) : undefined;
    const tagsProblem =
      allTags.length > TAGS_MAX ? t('pricing.tags_too_many', { max: TAGS_MAX }) : allTags.some((tag) => tag.length > TAG_MAX_LENGTH) ? t('pricing.tag_too_long', { max: TAG_MAX_LENGTH }) : undefined;
    setNameError(nameProblem);
    setTagsError(tagsProblem);
    if (nameProblem || tagsProblem) return;
    setIsSaving(true);
    setServerError(await onSave({ Name: trimmedName, Currency: currency, Tags: allTags }));
    setIsSaving(false);
  };

  return (
    <FormDialog
      open={state !== undefined}
      title={state?.mode === 'edit' ? t('pricing.edit_pricelist_title', { name: state.pricelist.Name }) : t('pricing.new_pricelist')}
      serverError={serverError}
      isBusy={isSaving}
      hasUnsavedChanges={hasUnsavedChanges}
      submitLabel={state?.mode === 'edit' ? t('common.save') : t('pricing.create')}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          autoFocus
          required
          fullWidth
          label={t('pricing.field_name')}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(undefined);
          }}
          error={nameError !== undefined}
          helperText={nameError ?? ' '}
          slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH, autoComplete: 'off' } }}
        />
        <TextField select label={t('pricing.field_currency')} value={currency} onChange={(event) => setCurrency(event.target.value)} helperText={t('pricing.currency_help')} sx={{ maxWidth: 360 }}>
          {currencies.map((code) => (
            <MenuItem key={code} value={code}>
              {t('pricing.currency_option', { code, name: currencyNames.of(code) ?? code })}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete<string, true, false, true>
          multiple
          freeSolo
          options={knownTags.filter((tag) => !tags.includes(tag))}
          value={tags}
          onChange={(_event, values) => {
            setTags([...new Set(values.map((value) => value.trim()).filter(Boolean))]);
            setTagsError(undefined);
          }}
          inputValue={tagText}
          onInputChange={(_event, value) => setTagText(value)}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('pricing.field_tags')}
              error={tagsError !== undefined}
              helperText={tagsError ?? t('pricing.tags_help')}
              slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: TAG_MAX_LENGTH } }}
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
