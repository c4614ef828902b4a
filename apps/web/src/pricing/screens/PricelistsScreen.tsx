import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiPlus } from '@mdi/js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isAllowed } from '@cmp/contracts/capabilities';
import { ApiError } from '../../platform/api/ApiError';
import { failureText } from '../../platform/api/failureText';
import { useSessionUser } from '../../platform/session/currentUser';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { usePricelists } from '../api/pricelistOperations';
import { PricelistsTable } from '../components/PricelistsTable';
import { PRICING_CAPABILITIES } from '../constants/pricingCapabilities';
import { usePricelistActions } from '../hooks/usePricelistActions';

/** /pricelists (spec §2, issue 13): the caller's pricelists in priority order, with what may be done to them. */
export function PricelistsScreen() {
  const { t } = useTranslation();
  const headingId = useId();
  const capabilities = useSessionUser()?.Capability ?? [];
  const query = usePricelists();
  const { startCreate, onAction, onMove, containerRef, dialogs } = usePricelistActions(query.data);
  const canCreate = isAllowed(capabilities, PRICING_CAPABILITIES.createPricelist);
  const newButton = canCreate && (
    <Button variant="contained" startIcon={<MdiIcon path={mdiPlus} />} onClick={startCreate}>
      {t('pricing.new_pricelist')}
    </Button>
  );

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('routes.pricelists')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('pricing.pricelists_intro')}
      </Typography>
      <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
        <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Typography id={headingId} variant="h6" component="h2">
            {t('pricing.pricelists_title')}
          </Typography>
          {query.data && query.data.length > 0 && newButton}
        </Stack>
        {query.isPending && <LoadingIndicator />}
        {query.isError && (
          // A company has no pricelists of its own (only resellers do): the server's refusal explains, it is no failure.
          <Alert severity={query.error instanceof ApiError && query.error.status === 403 ? 'info' : 'error'}>{failureText(query.error)}</Alert>
        )}
        {query.data && (
          <PricelistsTable
            pricelists={query.data}
            labelledBy={headingId}
            empty={
              <Stack spacing={2} sx={{ alignItems: 'flex-start', py: 2 }}>
                <Typography role="status">{t('pricing.pricelists_none')}</Typography>
                {newButton}
              </Stack>
            }
            canChange={isAllowed(capabilities, PRICING_CAPABILITIES.changePricelist)}
            canDelete={isAllowed(capabilities, PRICING_CAPABILITIES.deletePricelist)}
            containerRef={containerRef}
            onMove={onMove}
            onAction={onAction}
          />
        )}
      </Paper>
      {dialogs}
    </Box>
  );
}
