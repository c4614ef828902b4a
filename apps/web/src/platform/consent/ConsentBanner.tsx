import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { readConsent, saveConsent } from './consentStore';

/**
 * The consent tool's banner (spec §4 "consent-dependent scripts load after the consent tool"): a
 * non-modal region until the user chooses. The layout places it in the page flow above the footer,
 * in the bottom dock, so it never hides the focused control or the footer (WCAG 2.4.11, issue 10
 * item 11), however many lines the language makes of it.
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const headingId = useId();
  const location = useLocation();
  const [isDecided, setIsDecided] = useState(() => readConsent() !== undefined);
  if (isDecided) return null;

  const choose = (allowsAll: boolean) => {
    saveConsent({ analytics: allowsAll, chat: allowsAll });
    setIsDecided(true);
  };
  const settingsPath = `/consent/analytics?redirect=${encodeURIComponent(location.pathname + location.search)}`;

  return (
    <Paper component="section" aria-labelledby={headingId} square elevation={0} sx={{ borderTop: 1, borderColor: 'divider', px: { xs: 2, md: 3 }, py: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Stack spacing={0.5} sx={{ flex: 1 }}>
          <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('consent.banner_title')}
          </Typography>
          <Typography variant="body2">{t('consent.banner_text')}</Typography>
        </Stack>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Link component={RouterLink} to={settingsPath}>
            {t('consent.settings')}
          </Link>
          <Button variant="outlined" onClick={() => choose(false)}>
            {t('consent.only_necessary')}
          </Button>
          <Button variant="contained" onClick={() => choose(true)}>
            {t('consent.accept_all')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
