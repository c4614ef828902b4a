import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { PRICING_SCOPES, type PricingScopeKind } from '@cmp/contracts/pricing';
import type { ScopeVendor } from '../hooks/useScopeVendors';

interface RuleScopeFieldProps {
  kind: PricingScopeKind;
  vendorIds: number[];
  /** Service group or priceable item numbers as typed. */
  idsText: string;
  vendors: ScopeVendor[];
  isLoadingVendors: boolean;
  error: string | undefined;
  onKindChange: (kind: PricingScopeKind) => void;
  onVendorIdsChange: (ids: number[]) => void;
  onIdsTextChange: (text: string) => void;
}

/** What a rule applies to: all services, chosen vendors, or service groups or items by number. */
export function RuleScopeField({ kind, vendorIds, idsText, vendors, isLoadingVendors, error, onKindChange, onVendorIdsChange, onIdsTextChange }: RuleScopeFieldProps) {
  const { t } = useTranslation();
  // A vendor of the scope that the pricelist no longer offers stays chosen, shown by number.
  const options = [...vendors, ...vendorIds.filter((id) => !vendors.some((vendor) => vendor.AccountId === id)).map((id) => ({ AccountId: id, DisplayName: `#${id}` }))];
  return (
    <>
      <TextField select label={t('pricing.field_scope')} value={kind} onChange={(event) => onKindChange(event.target.value as PricingScopeKind)} sx={{ maxWidth: 360 }}>
        {PRICING_SCOPES.map((scope) => (
          <MenuItem key={scope} value={scope}>
            {t(`pricing.scopes.${scope}`)}
          </MenuItem>
        ))}
      </TextField>
      {kind === 'Vendors' && (
        <Autocomplete<ScopeVendor, true>
          multiple
          options={options}
          loading={isLoadingVendors}
          value={options.filter((vendor) => vendorIds.includes(vendor.AccountId))}
          onChange={(_event, chosen) => onVendorIdsChange(chosen.map((vendor) => vendor.AccountId))}
          getOptionLabel={(vendor) => vendor.DisplayName}
          isOptionEqualToValue={(option, value) => option.AccountId === value.AccountId}
          loadingText={t('common.loading')}
          noOptionsText={t('pricing.vendors_none')}
          renderInput={(params) => <TextField {...params} required label={t('pricing.field_vendors')} error={error !== undefined} helperText={error ?? ' '} />}
        />
      )}
      {(kind === 'ServiceGroups' || kind === 'PriceableItems') && (
        <TextField
          required
          label={t(kind === 'ServiceGroups' ? 'pricing.field_service_group_ids' : 'pricing.field_item_ids')}
          value={idsText}
          onChange={(event) => onIdsTextChange(event.target.value)}
          error={error !== undefined}
          helperText={error ?? t('pricing.ids_help')}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
      )}
    </>
  );
}
