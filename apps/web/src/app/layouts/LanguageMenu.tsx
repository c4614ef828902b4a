import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiTranslate } from '@mdi/js';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LOCALE_NAMES, SUPPORTED_LOCALES, normalizeLocale, type Locale } from '@cmp/contracts/locales';
import { changeLocale } from '../../platform/i18n/changeLocale';
import { MdiIcon } from '../../platform/ui/MdiIcon';

/** spec §9 "Language menu max height 300". */
const MENU_MAX_HEIGHT = 300;

/** spec §2 Language menu: choosing a language saves it on the server and stores the locale locally. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = normalizeLocale(i18n.resolvedLanguage ?? i18n.language);

  const choose = (locale: Locale) => {
    setAnchor(null);
    // A failure is shown by the API client's error toast.
    changeLocale(locale, { saveOnServer: true }).catch(() => undefined);
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('header.language_menu')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MdiIcon path={mdiTranslate} />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { maxHeight: MENU_MAX_HEIGHT } } }}>
        {SUPPORTED_LOCALES.map((locale) => (
          <MenuItem key={locale} lang={locale} selected={locale === current} onClick={() => choose(locale)}>
            {LOCALE_NAMES[locale]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
