import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import { AccountPageFrame } from '../../accounts/view/components/AccountPageFrame';
import { useLoadedAccount } from '../../accounts/view/api/accountViewOperations';
import { useAccountIdParam } from '../../platform/navigation/useAccountIdParam';
import { useSessionUser } from '../../platform/session/currentUser';
import { CustomChargesCard } from '../components/CustomChargesCard';
import { CreditLimitCard } from '../../orders/review/CreditLimitCard';

// spec §3 "BILLING_*": reading a company's custom charges needs BILLING_CUSTOM_CHARGES Read (as the server checks).
const CUSTOM_CHARGES_READ = requirement('BILLING_CUSTOM_CHARGES', ['Read']);

/**
 * /account/{accountId}/billing (spec §2, "receives the company currency"): the billing tab of a
 * customer account — its custom charges in the company's currency, which its reseller adds and,
 * while they are pending billing, deletes.
 */
export function BillingScreen() {
  const { t } = useTranslation();
  const accountId = useAccountIdParam();
  const capabilities = useSessionUser()?.Capability ?? [];
  if (accountId === undefined) return <Alert severity="error">{t('common.invalid_account')}</Alert>;
  return (
    <AccountPageFrame accountId={accountId} titleKey="routes.billing">
      {isAllowed(capabilities, CUSTOM_CHARGES_READ) ? <BillingContent key={accountId} accountId={accountId} /> : <Alert severity="info">{t('custom_charges.no_access')}</Alert>}
    </AccountPageFrame>
  );
}

function BillingContent({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  // The frame loads the account too: the same query, one request.
  const account = useLoadedAccount(accountId).data;
  if (!account || account.AccountId !== accountId) return null;
  if (account.AccountType !== 'Company') return <Alert severity="info">{t('custom_charges.company_only')}</Alert>;
  return (
    <>
      <CreditLimitCard companyAccountId={accountId} />
      <CustomChargesCard accountId={accountId} />
    </>
  );
}
