import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiPlus } from '@mdi/js';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CUSTOM_CHARGE_STATUSES, type CustomChargeSortField, type CustomChargeStatus } from '@cmp/contracts/customCharges';
import { failureText } from '../../platform/api/failureText';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { useServerPaging } from '../../platform/ui/table/useServerPaging';
import { useDebouncedValue } from '../../platform/ui/useDebouncedValue';
import { useCustomCharges } from '../api/customChargeOperations';
import { useCustomChargeActions } from '../hooks/useCustomChargeActions';
import { CustomChargeDialog } from './CustomChargeDialog';
import { CustomChargesTable } from './CustomChargesTable';

const PAGE_SIZES = [10, 25, 50, 100];
type StatusFilter = CustomChargeStatus | 'All';

/** A company's custom charges: filtered, sorted and paged on the server; added and deleted by its reseller. */
export function CustomChargesCard({ accountId }: { accountId: number }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [text, setText] = useState('');
  const [status, setStatus] = useState<StatusFilter>('All');
  const filterText = useDebouncedValue(text.trim());
  const filter = { ...(filterText ? { Text: filterText } : {}), ...(status === 'All' ? {} : { Status: status }) };
  const list = useServerPaging<CustomChargeSortField>({ sortBy: 'CreatedAt', sortDirection: 'desc' }, filter, PAGE_SIZES);
  const query = useCustomCharges({ accountId, filter, ...list.request });
  const data = query.data;
  const actions = useCustomChargeActions(accountId);
  const isFiltered = Boolean(filterText) || status !== 'All';
  const currencyName = data?.Currency ? new Intl.DisplayNames([i18n.language], { type: 'currency', fallback: 'code' }).of(data.Currency) : undefined;

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 2 }}>
        <div>
          <Typography id={headingId} variant="h6" component="h2">
            {t('custom_charges.title')}
          </Typography>
          <Typography color="text.secondary">
            {data?.Currency ? t('custom_charges.intro_currency', { currency: data.Currency, name: currencyName }) : t('custom_charges.intro')}
          </Typography>
        </div>
        {data?.CanCreate && (
          <Button variant="contained" startIcon={<MdiIcon path={mdiPlus} />} onClick={actions.openDialog} sx={{ flexShrink: 0 }}>
            {t('custom_charges.add_charge')}
          </Button>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField size="small" type="search" label={t('custom_charges.filter_text')} value={text} onChange={(event) => setText(event.target.value)} sx={{ minWidth: 280 }} />
        <TextField size="small" select label={t('custom_charges.filter_status')} value={status} onChange={(event) => setStatus(event.target.value as StatusFilter)} sx={{ minWidth: 200 }}>
          <MenuItem value="All">{t('custom_charges.status_all')}</MenuItem>
          {CUSTOM_CHARGE_STATUSES.map((each) => (
            <MenuItem key={each} value={each}>
              {t(`custom_charges.status.${each}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {query.isFetching && !query.isPending ? <LinearProgress aria-label={t('common.loading')} /> : <div style={{ height: 4 }} />}
      {query.isPending && <LoadingIndicator />}
      {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
      {data && (
        <>
          <CustomChargesTable
            charges={data.CustomCharges}
            labelledBy={headingId}
            server={list.paging(data.Total)}
            empty={
              <Typography role="status" sx={{ py: 3 }}>
                {isFiltered ? t('custom_charges.none_matching') : t('custom_charges.none')}
              </Typography>
            }
            showCost={data.SellerView}
            onDelete={data.CanDelete ? actions.remove : undefined}
          />
          {actions.isDialogOpen && <CustomChargeDialog currency={data.Currency} minorUnits={data.MinorUnits} onSave={actions.save} onClose={actions.closeDialog} />}
        </>
      )}
      {actions.confirmDialog}
    </Paper>
  );
}
