import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiFileDocumentCheckOutline } from '@mdi/js';
import MenuItem from '@mui/material/MenuItem';
import { IconMenuButton } from '../../platform/ui/IconMenuButton';
import type { TermsView } from './TermsDialog';

// The header's menus load after the first paint; the dialog (and the dialog kit) only when opened.
const TermsDialog = lazy(() => import('./TermsDialog').then((module) => ({ default: module.TermsDialog })));

/** spec §2 Terms menu: the confirmed terms and the privacy policy, both in the terms dialog. */
export function TermsMenu() {
  const { t } = useTranslation();
  const [view, setView] = useState<TermsView | null>(null);
  const choose = (chosen: TermsView, close: () => void) => {
    close();
    setView(chosen);
  };

  return (
    <>
      <IconMenuButton label={t('terms.menu')} iconPath={mdiFileDocumentCheckOutline}>
        {(close) => [
          <MenuItem key="terms" aria-haspopup="dialog" onClick={() => choose('terms', close)}>
            {t('terms.terms_and_conditions')}
          </MenuItem>,
          <MenuItem key="privacy" aria-haspopup="dialog" onClick={() => choose('privacy', close)}>
            {t('terms.privacy_policy')}
          </MenuItem>,
        ]}
      </IconMenuButton>
      {view && (
        <Suspense fallback={null}>
          <TermsDialog open view={view} onClose={() => setView(null)} />
        </Suspense>
      )}
    </>
  );
}
