import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SUPPORTED_LOCALES } from '@cmp/contracts/locales';

interface LanguageSelectProps {
  label: string;
  value: string;
  onChange: (language: string) => void;
  /** Languages that already hold a text, marked in the list. */
  filled?: Record<string, string>;
  disabled?: boolean;
}

/** Which language's texts are being edited: every language the portal speaks, in its own name. */
export function LanguageSelect({ label, value, onChange, filled = {}, disabled }: LanguageSelectProps) {
  const { t, i18n } = useTranslation();
  const names = new Intl.DisplayNames([i18n.language], { type: 'language', fallback: 'code' });
  return (
    <TextField select size="small" label={label} value={value} onChange={(event) => onChange(event.target.value)} disabled={disabled} sx={{ minWidth: 220, alignSelf: 'flex-start' }}>
      {SUPPORTED_LOCALES.map((code) => (
        <MenuItem key={code} value={code}>
          {filled[code]?.trim() ? t('catalog.language_with_text', { language: names.of(code) ?? code }) : (names.of(code) ?? code)}
        </MenuItem>
      ))}
    </TextField>
  );
}
