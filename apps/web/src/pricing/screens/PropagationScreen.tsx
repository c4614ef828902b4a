import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { mdiEyeOutline, mdiSend } from '@mdi/js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { requirement, isAllowed } from '@cmp/contracts/capabilities';
import type { PropagationPreview } from '@cmp/contracts/propagation';
import { ApiError } from '../../platform/api/ApiError';
import { failureText } from '../../platform/api/failureText';
import { useSessionUser } from '../../platform/session/currentUser';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { usePricelists } from '../api/pricelistOperations';
import { PRICING_CAPABILITIES } from '../constants/pricingCapabilities';
import { PropagationFiltersCard } from '../propagation/PropagationFiltersCard';
import { PropagationPreviewResult } from '../propagation/PropagationPreviewResult';
import { PropagationRunProgress } from '../propagation/PropagationRunProgress';
import { previewPropagation, propagate, useLatestPropagationRun, usePropagationRun } from '../propagation/propagationApi';

/** Previewing and running a propagation ask MARKETPLACE Execute (the server's rule). */
const EXECUTE_PROPAGATION = requirement('MARKETPLACE', ['Execute']);

/**
 * /propagation (spec §2, issue 13): a reseller pushes its pricelist's prices down to its customer
 * resellers' pricelists — filters, a preview of the effect, then the run with its live progress.
 */
export function PropagationScreen() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const pricelists = usePricelists();
  const given = Number(searchParams.get('marketplaceId'));
  const pricelist = pricelists.data?.find((each) => each.MarketplaceId === given) ?? (searchParams.has('marketplaceId') ? undefined : pricelists.data?.[0]);

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('routes.propagation')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('propagation.intro')}
      </Typography>
      {pricelists.isPending && <LoadingIndicator />}
      {pricelists.isError && (
        <Alert severity={pricelists.error instanceof ApiError && pricelists.error.status === 403 ? 'info' : 'error'}>{failureText(pricelists.error)}</Alert>
      )}
      {pricelists.data &&
        (pricelists.data.length === 0 ? (
          <Typography role="status">{t('pricing.pricelists_none')}</Typography>
        ) : (
          <Stack spacing={3}>
            <TextField
              select
              label={t('propagation.source_pricelist')}
              value={pricelist ? String(pricelist.MarketplaceId) : ''}
              onChange={(event) => setSearchParams({ marketplaceId: event.target.value })}
              sx={{ maxWidth: 420 }}
              helperText={pricelist ? t('propagation.source_help', { customers: pricelist.CustomersCount, currency: pricelist.Currency }) : t('propagation.choose_pricelist')}
            >
              {pricelists.data.map((each) => (
                <MenuItem key={each.MarketplaceId} value={String(each.MarketplaceId)}>
                  {each.Name}
                </MenuItem>
              ))}
            </TextField>
            {pricelist && <PropagationWorkspace key={pricelist.MarketplaceId} marketplaceId={pricelist.MarketplaceId} />}
          </Stack>
        ))}
    </Box>
  );
}

function PropagationWorkspace({ marketplaceId }: { marketplaceId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const capabilities = useSessionUser()?.Capability ?? [];
  const canExecute = isAllowed(capabilities, EXECUTE_PROPAGATION);
  const [preview, setPreview] = useState<PropagationPreview>();
  const [busy, setBusy] = useState<'preview' | 'propagate'>();
  const [error, setError] = useState<string>();
  const [runId, setRunId] = useState<number>();
  const latest = useLatestPropagationRun(marketplaceId);
  const run = usePropagationRun(runId);
  const shownRun = run.data ?? (runId === undefined ? latest.data : undefined);
  const isRunning = shownRun !== undefined && shownRun !== null && (shownRun.Status === 'Pending' || shownRun.Status === 'Running') && runId !== undefined;

  const startPreview = async () => {
    setBusy('preview');
    setError(undefined);
    try {
      setPreview(await previewPropagation(marketplaceId));
    } catch (failure) {
      setPreview(undefined);
      setError(failureText(failure));
    } finally {
      setBusy(undefined);
    }
  };
  const startPropagation = async () => {
    if (!preview) return;
    setBusy('propagate');
    setError(undefined);
    try {
      const answer = await propagate(marketplaceId, preview.PreviewId);
      setRunId(answer.Run.RunId);
      setPreview(undefined);
    } catch (failure) {
      // 409: the prices moved since the preview; it must be made again.
      if (failure instanceof ApiError && failure.status === 409) setPreview(undefined);
      setError(failureText(failure));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <>
      <PropagationFiltersCard marketplaceId={marketplaceId} canChange={isAllowed(capabilities, PRICING_CAPABILITIES.changePricelist)} onSaved={() => setPreview(undefined)} />
      <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('propagation.run_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('propagation.run_intro')}
        </Typography>
        {canExecute && (
          <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="outlined" startIcon={<MdiIcon path={mdiEyeOutline} />} disabled={busy !== undefined || isRunning} onClick={() => void startPreview()}>
              {t('propagation.preview')}
            </Button>
            <Button variant="contained" startIcon={<MdiIcon path={mdiSend} />} disabled={!preview || busy !== undefined || isRunning} onClick={() => void startPropagation()}>
              {t('propagation.propagate')}
            </Button>
          </Stack>
        )}
        {canExecute && !preview && !isRunning && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('propagation.preview_first')}
          </Typography>
        )}
        {busy === 'preview' && <LoadingIndicator />}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {shownRun && (
          <Box sx={{ mb: 2 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              {runId === undefined ? t('propagation.latest_run') : t('propagation.this_run')}
            </Typography>
            <PropagationRunProgress run={shownRun} />
          </Box>
        )}
        {preview && (
          <>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              {t('propagation.preview_title')}
            </Typography>
            <PropagationPreviewResult preview={preview} />
          </>
        )}
      </Paper>
    </>
  );
}
