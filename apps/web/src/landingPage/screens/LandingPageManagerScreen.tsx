import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { LANDING_PAGE_TILES, type LandingPageAccountType, type LandingPageLayout } from '@cmp/contracts/landingPage';
import { EFFECTIVE_LANDING_PAGE_QUERY_KEY } from '../../dashboard/public';
import { showMessage } from '../../platform/messages/messageStore';
import { useSessionUser } from '../../platform/session/currentUser';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { useConfirmDialog } from '../../platform/ui/useConfirmDialog';
import { useUnsavedChangesGuard } from '../../platform/ui/useUnsavedChangesGuard';
import { landingPageLayoutsQueryKey, resetLandingPageLayout, saveLandingPageLayout, useLandingPageLayouts } from '../api/landingPageOperations';
import { LayoutPreview } from '../components/LayoutPreview';
import { LayoutTileList, type LayoutEntry } from '../components/LayoutTileList';

/** The saved tiles first, in their order, then the hidden ones in the default order. */
const entriesOf = (layout: LandingPageLayout): LayoutEntry[] => [
  ...layout.Tiles.map((tile) => ({ tile, isVisible: true })),
  ...LANDING_PAGE_TILES.filter((tile) => !layout.Tiles.includes(tile)).map((tile) => ({ tile, isVisible: false })),
];
const tilesOf = (entries: LayoutEntry[]) => entries.filter((entry) => entry.isVisible).map((entry) => entry.tile);

/**
 * #/DashboardManager/Start, the custom landing page (spec §2, Custom Landing Page Create; issue 17):
 * the signed-in user's organisation chooses, per account type below it, which dashboard tiles the
 * users held by such accounts see and in which order, with a preview; the nearest owner's choice wins.
 */
export function LandingPageManagerScreen() {
  const { t } = useTranslation();
  const ownerCompanyId = useSessionUser()?.CompanyAccount.AccountId ?? 0;
  const layouts = useLandingPageLayouts(ownerCompanyId);
  const [accountType, setAccountType] = useState<LandingPageAccountType>();
  const selected = layouts.data?.Layouts.find((layout) => layout.AccountType === accountType) ?? layouts.data?.Layouts[0];

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('landing_page.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('landing_page.intro')}
      </Typography>
      {layouts.isPending && <LoadingIndicator />}
      {layouts.isError && <Alert severity="error">{t('landing_page.load_failed')}</Alert>}
      {layouts.data && selected && (
        <>
          <Tabs
            value={selected.AccountType}
            onChange={(_event, value: LandingPageAccountType) => setAccountType(value)}
            aria-label={t('landing_page.account_type_label')}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {layouts.data.Layouts.map((layout) => (
              <Tab key={layout.AccountType} value={layout.AccountType} label={t(`account_types.${layout.AccountType}`)} id={`landing-tab-${layout.AccountType}`} aria-controls="landing-tab-panel" />
            ))}
          </Tabs>
          <Box role="tabpanel" id="landing-tab-panel" aria-labelledby={`landing-tab-${selected.AccountType}`}>
            <LayoutEditor key={selected.AccountType} ownerCompanyId={ownerCompanyId} layout={selected} />
          </Box>
        </>
      )}
    </Box>
  );
}

function LayoutEditor({ ownerCompanyId, layout }: { ownerCompanyId: number; layout: LandingPageLayout }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const headingId = useId();
  const initial = useMemo(() => entriesOf(layout), [layout]);
  const [entries, setEntries] = useState(initial);
  const [isSaving, setIsSaving] = useState(false);
  useEffect(() => setEntries(initial), [initial]);
  const tiles = tilesOf(entries);
  const isDirty = tiles.join() !== layout.Tiles.join();
  const { dialog: unsavedDialog, formRef } = useUnsavedChangesGuard({ hasUnsavedChanges: isDirty });
  const { confirm, dialog: confirmDialog } = useConfirmDialog();
  const typeName = t(`account_types.${layout.AccountType}`);

  const afterChange = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: landingPageLayoutsQueryKey(ownerCompanyId) }),
      queryClient.invalidateQueries({ queryKey: EFFECTIVE_LANDING_PAGE_QUERY_KEY }),
    ]);
  };

  /** Runs a change, then shows its outcome everywhere it shows (the editor, the dashboard). */
  const change = async (action: () => Promise<unknown>, doneText: string) => {
    setIsSaving(true);
    try {
      await action();
      await afterChange();
      showMessage({ type: 'success', text: doneText });
    } catch {
      // callOperation has shown the server's message.
    } finally {
      setIsSaving(false);
    }
  };

  const save = () => change(() => saveLandingPageLayout({ ownerCompanyId, accountType: layout.AccountType, tiles }), t('common.changes_saved'));

  const reset = async () => {
    const agreed = await confirm({
      title: t('landing_page.reset_title'),
      message: t('landing_page.reset_message', { type: typeName }),
      agreeLabel: t('landing_page.reset_agree'),
      rejectLabel: t('common.cancel'),
    });
    if (agreed) await change(() => resetLandingPageLayout({ ownerCompanyId, accountType: layout.AccountType }), t('landing_page.reset_done', { type: typeName }));
  };

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
      <Card variant="outlined" component="section" aria-labelledby={headingId}>
        <CardContent>
          <Typography id={headingId} variant="h6" component="h2">
            {t('landing_page.editor_title', { type: typeName })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t(`landing_page.source_${layout.Source}`)}
          </Typography>
          <form
            ref={formRef}
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <LayoutTileList entries={entries} onChange={setEntries} />
            <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
              <Button type="submit" variant="contained" disabled={!isDirty || isSaving}>
                {t('common.save')}
              </Button>
              <Button type="button" disabled={!isDirty || isSaving} onClick={() => setEntries(initial)}>
                {t('landing_page.discard')}
              </Button>
              <Button type="button" color="warning" disabled={layout.Source !== 'Own' || isSaving} onClick={() => void reset()}>
                {t('landing_page.reset')}
              </Button>
            </Stack>
          </form>
        </CardContent>
      </Card>
      <LayoutPreview tiles={tiles} />
      {unsavedDialog}
      {confirmDialog}
    </Box>
  );
}
