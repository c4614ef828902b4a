import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import type { LayoutField } from '@cmp/contracts/accountViews';

export interface MetadataFieldProps {
  field: LayoutField;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  /** The validation message shown under the field. */
  error?: string;
  /** Why the field cannot be changed here (read-only, needs MFA …); the field is then disabled. */
  lockedReason?: string;
}

// Why a field is locked must stay readable: a disabled field's helper text would be greyed below WCAG contrast.
const helperSlot = { sx: { '&.Mui-disabled': { color: 'text.secondary' } } };
const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** One field of a metadata form, rendered by its DisplayTemplate (spec §3 "View layout"). */
export function MetadataField({ field, value, onChange, onBlur, error, lockedReason }: MetadataFieldProps) {
  const { t } = useTranslation();
  const helperText = error ?? lockedReason;
  const common = { required: field.Required, disabled: Boolean(lockedReason), error: Boolean(error), onBlur, fullWidth: true, size: 'small' as const };
  const name = `${field.View}.${field.Name}`;

  switch (field.DisplayTemplate) {
    case 'Checkbox':
      return (
        <FormControl error={Boolean(error)} disabled={Boolean(lockedReason)}>
          <FormControlLabel control={<Checkbox name={name} checked={value === true} onChange={(event) => onChange(event.target.checked)} onBlur={onBlur} />} label={field.DisplayValue} />
          {helperText && <FormHelperText sx={helperSlot.sx}>{helperText}</FormHelperText>}
        </FormControl>
      );
    case 'Combobox': {
      const selected = field.EnumMembers.find((member) => member.Value === value) ?? null;
      return (
        <Autocomplete
          options={field.EnumMembers}
          value={selected}
          disabled={common.disabled}
          size="small"
          autoHighlight
          // The list stays inside the form, so the unsaved-changes guard does not take a pick for leaving it.
          disablePortal
          getOptionLabel={(member) => member.DisplayValue}
          isOptionEqualToValue={(option, current) => option.Value === current.Value}
          onChange={(_event, member) => onChange(member?.Value ?? null)}
          noOptionsText={t('account_view.no_options')}
          renderInput={(params) => <TextField {...params} slotProps={{ ...params.slotProps, formHelperText: helperSlot }} name={name} label={field.DisplayValue} required={field.Required} error={common.error} helperText={helperText} onBlur={onBlur} />}
        />
      );
    }
    case 'Date':
      return (
        <TextField
          {...common}
          name={name}
          type="date"
          label={field.DisplayValue}
          value={asText(value).slice(0, 10)}
          onChange={(event) => onChange(event.target.value)}
          helperText={helperText}
          slotProps={{ inputLabel: { shrink: true }, formHelperText: helperSlot }}
        />
      );
    default:
      return (
        <TextField
          {...common}
          name={name}
          type={field.DisplayTemplate === 'Email' ? 'email' : 'text'}
          label={field.DisplayValue}
          value={asText(value)}
          onChange={(event) => onChange(event.target.value)}
          helperText={helperText}
          slotProps={{ htmlInput: { inputMode: field.DisplayTemplate === 'Number' ? 'numeric' : undefined, autoComplete: 'off' }, formHelperText: helperSlot }}
        />
      );
  }
}
