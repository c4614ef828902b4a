import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UpgradeResult, UpgradeSide } from '@cmp/contracts/upgrades';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { formatMoney } from '../../platform/money/formatMoney';
import { DefinitionList } from '../../platform/ui/DefinitionList';
import { formatDate } from '../../platform/dates/formatDate';
import { ChangeCreditAlert } from '../components/ChangeCreditAlert';

/** What the upgrade does, now or at the term end, to the subscription and to its target (PreviewUpgrade or Upgrade's answer). */
export function UpgradeOverview({ result }: { result: UpgradeResult }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const effective = formatDate(result.EffectiveDate, locale);
  const isScheduled = result.Outcome === 'Scheduled';
  const outcomeKey = `${result.IsPreview ? 'preview' : 'done'}_${isScheduled ? 'scheduled' : 'applied'}` as const;
  // Held for approval (issue 30 item 2): nothing is done yet, so only the credit check speaks.
  const isHeld = !result.IsPreview && result.Outcome === 'PendingApproval';
  return (
    <Box>
      {!isHeld && (
        <Alert severity={result.IsPreview ? 'info' : 'success'} role="note" sx={{ mb: 3 }}>
          <AlertTitle>{t(`upgrade_wizard.outcome_title.${outcomeKey}`, { date: effective })}</AlertTitle>
          {/* Done at once: said as done; a preview or a scheduled downgrade: what is to happen. */}
          {t(`upgrade_wizard.${!result.IsPreview && !isScheduled ? 'outcome_done_text' : 'outcome_text'}.${result.UpgradeType}_${result.Target.IsNew ? 'new' : 'existing'}`, { source: result.Source.DisplayName, target: result.Target.DisplayName, seats: result.Target.QuantityAfter - result.Target.QuantityBefore })}
        </Alert>
      )}
      {result.CreditCheck && (
        <Box sx={{ mb: 3 }}>
          <ChangeCreditAlert check={result.CreditCheck} isPreview={result.IsPreview} />
        </Box>
      )}
      {result.IsPreview && result.DroppedScheduledChanges.length > 0 && (
        <Alert severity="warning" role="note" sx={{ mb: 3 }}>
          {t(isScheduled ? 'upgrade_wizard.replaces_scheduled' : 'upgrade_wizard.drops_scheduled', {
            changes: result.DroppedScheduledChanges.map((change) => t(`subscriptions.change_kind.${change.Kind}`, { value: change.Value })).join(', '),
          })}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <SidePanel side={result.Source} role="source" isScheduled={isScheduled} effective={effective} />
        <SidePanel side={result.Target} role="target" isScheduled={isScheduled} effective={effective} />
      </Box>
    </Box>
  );
}

function SidePanel({ side, role, isScheduled, effective }: { side: UpgradeSide; role: 'source' | 'target'; isScheduled: boolean; effective: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const headingId = useId();
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  const change = side.IsNew ? t('upgrade_wizard.quantity_new', { after: number(side.QuantityAfter) }) : t('upgrade_wizard.quantity_change', { before: number(side.QuantityBefore), after: number(side.QuantityAfter) });
  const what =
    role === 'source'
      ? side.Ends
        ? isScheduled
          ? t('upgrade_wizard.source_ends_at', { date: effective })
          : t('upgrade_wizard.source_ends')
        : t('upgrade_wizard.source_decreased')
      : side.IsNew
        ? t('upgrade_wizard.target_is_new')
        : t('upgrade_wizard.target_is_increased');
  const price = side.UnitPrice !== null && side.Currency ? t('upgrade_wizard.price_per_unit', { price: formatMoney(side.UnitPrice, side.Currency, locale) }) : t('upgrade_wizard.not_priced');
  const items: [string, string][] = [
    [t('upgrade_wizard.side_service'), side.DisplayName],
    [t('upgrade_wizard.side_what'), what],
    [t('upgrade_wizard.quantity'), change],
    ...(role === 'target'
      ? ([
          [t('upgrade_wizard.unit_price'), price],
          ...(side.PriceRule ? [[t('upgrade_wizard.price_rule'), side.PriceRule] as [string, string]] : []),
          [t('upgrade_wizard.price_kept'), side.IsNew ? t('upgrade_wizard.price_current') : t('upgrade_wizard.price_existing')],
          [t('upgrade_wizard.term'), t(`order_wizard.commitments.${side.Commitment}`)],
          [t('upgrade_wizard.billing_frequency'), t(`order_wizard.frequencies.${side.BillingFrequency}`)],
          [t('upgrade_wizard.term_end'), side.MinimumContractEndDate ? formatDate(side.MinimumContractEndDate, locale) : t('upgrade_wizard.not_set')],
          [t('upgrade_wizard.cancellation_window'), side.RefundableUntil ? t('upgrade_wizard.window_until', { date: formatDateTime(side.RefundableUntil, locale) }) : t('upgrade_wizard.window_none')],
        ] as [string, string][])
      : []),
  ];
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {role === 'source' ? t('upgrade_wizard.side_source') : side.IsNew ? t('upgrade_wizard.side_target_new') : t('upgrade_wizard.side_target_existing')}
      </Typography>
      <DefinitionList items={items} />
    </Paper>
  );
}
