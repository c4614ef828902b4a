import { useTranslation } from 'react-i18next';
import type { UpgradeOptions } from '@cmp/contracts/upgrades';
import { formatMoney } from '../../platform/money/formatMoney';
import { DefinitionList } from '../../platform/ui/DefinitionList';
import { formatDate } from '../../platform/dates/formatDate';

/** The subscription to upgrade: service, seats, term, billing frequency, the price it keeps and its term end. */
export function UpgradeSourceSummary({ source }: { source: UpgradeOptions['Source'] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <DefinitionList
      items={[
        [t('upgrade_wizard.source_service'), source.ServiceDisplayName],
        // The subscription's own name, when it was given one other than its service's.
        ...(source.AccountName !== source.ServiceDisplayName ? [[t('upgrade_wizard.source_name'), source.AccountName] as [string, string]] : []),
        [t('upgrade_wizard.quantity'), new Intl.NumberFormat(locale).format(source.Quantity)],
        [t('upgrade_wizard.term'), t(`order_wizard.commitments.${source.Commitment}`)],
        [t('upgrade_wizard.billing_frequency'), t(`order_wizard.frequencies.${source.BillingFrequency}`)],
        [t('upgrade_wizard.unit_price'), source.UnitPrice !== null && source.Currency ? t('upgrade_wizard.price_per_unit', { price: formatMoney(source.UnitPrice, source.Currency, locale) }) : t('upgrade_wizard.not_priced')],
        [t('upgrade_wizard.term_end'), source.MinimumContractEndDate ? formatDate(source.MinimumContractEndDate, locale) : t('upgrade_wizard.not_set')],
      ]}
    />
  );
}
