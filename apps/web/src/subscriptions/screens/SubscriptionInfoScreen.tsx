import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Subscription } from '@cmp/contracts/subscriptions';
import { AccountPageFrame } from '../../accounts/public';
import { failureText } from '../../platform/api/failureText';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { showMessage } from '../../platform/messages/messageStore';
import { formatMoney } from '../../platform/money/formatMoney';
import { useAccountIdParam } from '../../platform/navigation/useAccountIdParam';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { useConfirmDialog } from '../../platform/ui/useConfirmDialog';
import { setAutoRenew, subscriptionQueryKey, useSubscription } from '../api/subscriptionsApi';
import { ChangeQuantityDialog } from '../components/ChangeQuantityDialog';
import { ProvisioningHistoryTable } from '../components/ProvisioningHistoryTable';
import { SeatWindowsTable } from '../components/SeatWindowsTable';
import { orderKindText } from '../../orders/public';

/**
 * /account/{accountId}/service-info (issue 14 "Subscriptions"; spec §2): the subscription of a
 * Product account — its terms, the price kept for the term and the rule that priced it, the seat
 * batches that may still be given back with the time each window closes, the changes scheduled for
 * the renewal and the provisioning history; the quantity change and the auto-renew switch.
 */
export function SubscriptionInfoScreen() {
  const { t } = useTranslation();
  const accountId = useAccountIdParam();
  if (accountId === undefined) return <Alert severity="error">{t('common.invalid_account')}</Alert>;
  return (
    <AccountPageFrame accountId={accountId} titleKey="routes.service_info">
      <SubscriptionInfo key={accountId} accountId={accountId} />
    </AccountPageFrame>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3, mb: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export function SubscriptionInfo({ accountId }: { accountId: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useSubscription(accountId);
  const { confirm, dialog } = useConfirmDialog();
  const [isChanging, setIsChanging] = useState(false);
  const locale = i18n.language;

  if (query.isPending) return <LoadingIndicator />;
  if (query.isError) return <Alert severity="error">{failureText(query.error)}</Alert>;
  const s: Subscription = query.data.Subscription;
  const date = (value: string | null) => (value ? formatDateTime(value, locale) : t('subscriptions.not_set'));
  const refresh = () => queryClient.invalidateQueries({ queryKey: subscriptionQueryKey(accountId) });

  const toggleAutoRenew = async () => {
    const next = s.AutoRenew === 'Renew' ? 'Terminate' : 'Renew';
    const agreed = await confirm({
      title: t('subscriptions.auto_renew_confirm_title'),
      message: next === 'Renew' ? t('subscriptions.auto_renew_confirm_renew', { date: date(s.MinimumContractEndDate) }) : t('subscriptions.auto_renew_confirm_terminate', { date: date(s.MinimumContractEndDate) }),
      agreeLabel: t('subscriptions.confirm'),
      rejectLabel: t('subscriptions.cancel'),
    });
    if (!agreed) return;
    try {
      await setAutoRenew(accountId, next);
      showMessage({ type: 'success', text: next === 'Renew' ? t('subscriptions.auto_renew_saved_renew') : t('subscriptions.auto_renew_saved_terminate') });
    } catch (error) {
      showMessage({ type: 'error', text: failureText(error) });
    }
    await refresh();
  };

  const facts: [string, ReactNode][] = [
    [t('subscriptions.service'), s.ServiceDisplayName],
    [t('subscriptions.status'), t(`subscriptions.status_value.${s.Status}`)],
    [t('subscriptions.quantity'), s.PendingQuantity !== null ? t('subscriptions.quantity_pending', { quantity: s.Quantity, pending: s.PendingQuantity }) : String(s.Quantity)],
    [t('subscriptions.term'), t(`subscriptions.commitment.${s.Commitment}`)],
    [t('subscriptions.billing_frequency'), t(`subscriptions.frequency.${s.BillingFrequency}`)],
    [t('subscriptions.prepaid'), s.IsPrepaid ? t('subscriptions.yes') : t('subscriptions.no')],
    [t('subscriptions.start'), date(s.TermStartDate)],
    [t('subscriptions.minimum_contract_end'), date(s.MinimumContractEndDate)],
    [t('subscriptions.lock_period_end'), date(s.LockPeriodEndDate)],
    [t('subscriptions.price_protection'), s.HasPriceProtection ? t('subscriptions.price_protection_yes') : t('subscriptions.no')],
    [
      t('subscriptions.unit_price'),
      s.UnitPrice !== null && s.Currency ? t(`subscriptions.price_per.${s.BillingPeriod}`, { price: formatMoney(s.UnitPrice, s.Currency, locale) }) : t('subscriptions.not_set'),
    ],
    [t('subscriptions.price_rule'), s.PriceRule ?? t('subscriptions.not_set')],
  ];

  return (
    <Box>
      <Section title={t('subscriptions.facts_title')}>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}>
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3, alignItems: { sm: 'center' } }}>
          {s.CanChangeQuantity && (
            <Button variant="contained" onClick={() => setIsChanging(true)}>
              {t('subscriptions.change_quantity')}
            </Button>
          )}
          {s.Status === 'Active' && s.CanChangeQuantity && (
            <Button variant="outlined" component={RouterLink} to={`/upgrade-subscription/${accountId}`}>
              {t('subscriptions.upgrade')}
            </Button>
          )}
          <FormControlLabel
            control={<Switch checked={s.AutoRenew === 'Renew'} onChange={() => void toggleAutoRenew()} disabled={!s.CanSetAutoRenew} />}
            label={t('subscriptions.auto_renew_label')}
          />
        </Stack>
        {s.PendingQuantity !== null && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('subscriptions.change_in_progress', { quantity: s.PendingQuantity })}
          </Alert>
        )}
        {s.ChangeAwaitingApproval && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('change_requests.awaiting_banner', { id: s.ChangeAwaitingApproval.OrderId, change: orderKindText(t, s.ChangeAwaitingApproval, i18n.language) })}
          </Alert>
        )}
      </Section>

      <Section title={t('subscriptions.windows_title')}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('subscriptions.windows_intro', { hours: s.CancellationWindowHours, refundable: s.RefundableQuantity })}
        </Typography>
        <SeatWindowsTable batches={s.SeatBatches.filter((batch) => batch.IsOpen)} label={t('subscriptions.windows_title')} />
      </Section>

      <Section title={t('subscriptions.scheduled_title')}>
        {s.ScheduledChanges.length === 0 ? (
          <Typography>{t('subscriptions.no_scheduled')}</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ m: 0, pl: 3 }}>
            {s.ScheduledChanges.map((change) => (
              <li key={change.Id}>
                {t(`subscriptions.change_kind.${change.Kind}`, { value: change.Value })} — {t('subscriptions.scheduled_at_renewal', { date: date(s.MinimumContractEndDate) })}
                {change.CreatedByName ? ` (${change.CreatedByName}, ${formatDateTime(change.CreatedAt, locale)})` : ''}
              </li>
            ))}
          </Stack>
        )}
      </Section>

      <Section title={t('subscriptions.history_title')}>
        <ProvisioningHistoryTable requests={s.ProvisioningHistory} label={t('subscriptions.history_title')} />
      </Section>

      {isChanging && (
        <ChangeQuantityDialog
          subscription={s}
          onClose={() => setIsChanging(false)}
          onChanged={(answer) => {
            setIsChanging(false);
            showMessage({
              type: answer.Outcome === 'PendingApproval' ? 'info' : 'success',
              text:
                answer.Outcome === 'Applied'
                  ? t('subscriptions.change_applied', { quantity: answer.Quantity })
                  : answer.Outcome === 'PendingApproval'
                    ? t('change_requests.quantity_held_toast', { quantity: answer.Quantity, id: answer.CreditCheck?.OrderId })
                    : t('subscriptions.change_scheduled', { quantity: answer.Quantity }),
            });
            void refresh();
          }}
        />
      )}
      {dialog}
    </Box>
  );
}
