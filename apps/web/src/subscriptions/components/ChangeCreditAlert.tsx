import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { ChangeCreditCheck } from '@cmp/contracts/orders';
import { formatMoney } from '../../platform/money/formatMoney';

/**
 * The credit check of a change that raises what the company is billed (issue 30 item 2): over the
 * limit, that it will wait (a preview) or waits (done) for approval in Request review; within it, the
 * figures in one line. Nothing when there is no check (no limit, nothing added).
 */
export function ChangeCreditAlert({ check, isPreview }: { check: ChangeCreditCheck | null; isPreview: boolean }) {
  const { t, i18n } = useTranslation();
  if (!check) return null;
  const money = (value: string) => formatMoney(value, check.Currency, i18n.language);
  if (!check.NeedsApproval) {
    return (
      <Alert severity="info" role="note">
        {t('change_requests.within_limit', { projected: money(check.ProjectedInvoice), limit: money(check.CreditLimit) })}
      </Alert>
    );
  }
  return (
    <Alert severity="warning" role="status">
      <AlertTitle>{t('change_requests.needs_approval_title')}</AlertTitle>
      {!isPreview && check.OrderId !== null
        ? t('change_requests.held', { id: check.OrderId })
        : t('change_requests.needs_approval', { value: money(check.ChangeValue), balance: money(check.OpenBalance), projected: money(check.ProjectedInvoice), limit: money(check.CreditLimit) })}
    </Alert>
  );
}
