import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import { LOCALE_NAMES, SUPPORTED_LOCALES, normalizeLocale, type Locale } from '@cmp/contracts/locales';
import { changeLocale } from './changeLocale';

interface LanguageSelectProps {
  saveOnServer?: boolean;
}

/** The language selector of the sign-in pages (spec §2 Login screen): native names, stored locally. */
export function LanguageSelect({ saveOnServer = false }: LanguageSelectProps) {
  const { t, i18n } = useTranslation();
  const current = normalizeLocale(i18n.resolvedLanguage ?? i18n.language) ?? 'en';

  return (
    <TextField
      select
      size="small"
      label={t('common.language')}
      value={current}
      onChange={(event) => void changeLocale(event.target.value as Locale, { saveOnServer })}
      id="language-select"
      slotProps={{ select: { native: true } }}
      sx={{ minWidth: 200 }}
    >
      {SUPPORTED_LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {LOCALE_NAMES[locale]}
        </option>
      ))}
    </TextField>
  );
}
