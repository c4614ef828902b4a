import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { failureText } from '../../platform/api/failureText';
import { ConsentSettingsForm } from '../../platform/consent/ConsentSettingsForm';
import { isConsentToolReady } from '../../platform/consent/consentStore';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { useConfirmedTerms } from '../api/confirmedTermsOperations';
import { TermPanel } from './TermPanel';

/** spec §9 "Terms dialog 1340 by 690" (at most; smaller screens get what fits). */
const TERMS_DIALOG_HEIGHT = 690;
/** The dialog's title and its Close button, outside the tabs and the term's text. */
const DIALOG_CHROME_HEIGHT = 130;

/** Which tab the dialog opens on: the first term, or the privacy policy. */
export type TermsView = 'terms' | 'privacy';

interface TermsDialogProps {
  open: boolean;
  view: TermsView;
  onClose: () => void;
}

const SETTINGS_TAB = 'settings';

/**
 * spec §2 Terms menu: one tab per confirmed term; each shows its text, its PDF and, until accepted,
 * an accept button. The privacy view adds a settings tab for consent when the consent tool is ready.
 */
export function TermsDialog({ open, view, onClose }: TermsDialogProps) {
  const { t } = useTranslation();
  const tabsId = useId();
  const query = useConfirmedTerms(open);
  const [chosenId, setChosenId] = useState<number | typeof SETTINGS_TAB>();
  const terms = query.data ?? [];
  const hasSettingsTab = view === 'privacy' && isConsentToolReady();
  const initial = (view === 'privacy' && terms.find((term) => term.IsPrivacyPolicy)) || terms[0];
  const isSettingsShown = hasSettingsTab && (chosenId === SETTINGS_TAB || (!initial && query.isSuccess));
  const selected = isSettingsShown ? undefined : (terms.find((term) => term.Id === chosenId) ?? initial);
  const tabValue = isSettingsShown ? SETTINGS_TAB : selected?.Id;

  return (
    <FormDialog open={open} title={t(view === 'privacy' ? 'terms.privacy_policy' : 'terms.terms_and_conditions')} maxWidth="lg" onClose={onClose} isContentFlush>
      {/* The term's text fills the dialog: spec §9's height, less on a screen that is lower. */}
      <Box sx={{ display: 'flex', flexDirection: 'column', height: `calc(min(${TERMS_DIALOG_HEIGHT}px, 100vh - 64px) - ${DIALOG_CHROME_HEIGHT}px)`, minHeight: 320 }}>
        {tabValue !== undefined && (terms.length > 0 || hasSettingsTab) && (
          <Tabs
            value={tabValue}
            onChange={(_event, id: number | typeof SETTINGS_TAB) => setChosenId(id)}
            variant="scrollable"
            scrollButtons="auto"
            aria-label={t('terms.tabs_label')}
            sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}
          >
            {terms.map((term) => (
              <Tab key={term.Id} value={term.Id} label={term.Name} id={`${tabsId}-tab-${term.Id}`} aria-controls={`${tabsId}-panel-${term.Id}`} />
            ))}
            {hasSettingsTab && <Tab value={SETTINGS_TAB} label={t('consent.settings')} id={`${tabsId}-tab-settings`} aria-controls={`${tabsId}-panel-settings`} />}
          </Tabs>
        )}
        <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', display: 'flex', flexDirection: 'column', px: 3, pt: 2 }}>
          {query.isPending && <LoadingIndicator />}
          {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
          {query.isSuccess && terms.length === 0 && !hasSettingsTab && <Alert severity="info">{t('terms.none')}</Alert>}
          {isSettingsShown && (
            <Box role="tabpanel" id={`${tabsId}-panel-settings`} aria-labelledby={`${tabsId}-tab-settings`} sx={{ maxWidth: 720 }}>
              <ConsentSettingsForm idPrefix={`${tabsId}-consent`} />
            </Box>
          )}
          {selected && (
            <Box role="tabpanel" id={`${tabsId}-panel-${selected.Id}`} aria-labelledby={`${tabsId}-tab-${selected.Id}`} sx={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
              <TermPanel key={selected.Id} term={selected} />
            </Box>
          )}
        </Box>
      </Box>
    </FormDialog>
  );
}
