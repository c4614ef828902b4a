import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LOCALE_NAMES, SUPPORTED_LOCALES, type Locale } from '@cmp/contracts/locales';

interface KnowledgeBaseFiltersProps {
  text: string;
  locale: Locale | '';
  onTextChange: (text: string) => void;
  onLocaleChange: (locale: Locale | '') => void;
}

/** Narrows the list in the browser: words of the title, summary or steps, and the language. */
export function KnowledgeBaseFilters({ text, locale, onTextChange, onLocaleChange }: KnowledgeBaseFiltersProps) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flex: 1 }}>
      <TextField size="small" type="search" label={t('knowledge_base.filter_text')} value={text} onChange={(event) => onTextChange(event.target.value)} sx={{ minWidth: 260 }} />
      <TextField
        size="small"
        select
        label={t('knowledge_base.filter_language')}
        value={locale}
        onChange={(event) => onLocaleChange(event.target.value as Locale | '')}
        // "All languages" is shown as the value, not hidden behind the label.
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">{t('knowledge_base.all_languages')}</MenuItem>
        {SUPPORTED_LOCALES.map((value) => (
          <MenuItem key={value} value={value} lang={value}>
            {LOCALE_NAMES[value]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
