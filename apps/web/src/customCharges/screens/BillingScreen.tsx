import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import { AccountPageFrame, useLoadedAccount } from '../../accounts/public';
import { InvoicesCard, OnlineBillCard, RunBillingCard } from '../../billing/public';
import { useAccountIdParam } from '../../platform/navigation/useAccountIdParam';
import { useSessionUser } from '../../platform/session/currentUser';
import { CustomChargesCard } from '../components/CustomChargesCard';
import { CreditLimitCard } from '../../orders/public';

// spec §3 "BILLING_*": each card needs what the server checks for its operations.
const CUSTOM_CHARGES_READ = requirement('BILLING_CUSTOM_CHARGES', ['Read']);
const ONLINE_BILL_READ = requirement('BILLING_ONLINE_BILL', ['Read']);
const INVOICES_READ = requirement('BILLING_INVOICES', ['Read']);
const RUN_EXECUTE = requirement('BILLING_RUN', ['Execute']);

/**
 * /account/{accountId}/billing (spec §2): the billing tab of a reseller or a company — starting
 * the billing of a month, its online bill and its invoices (issue 15); and, for a company, its
 * credit limit and the custom charges its reseller adds (in the company's currency).
 */
export function BillingScreen() {
  const { t } = useTranslation();
  const accountId = useAccountIdParam();
  if (accountId === undefined) return <Alert severity="error">{t('common.invalid_account')}</Alert>;
  return (
    <AccountPageFrame accountId={accountId} titleKey="routes.billing">
      <BillingContent key={accountId} accountId={accountId} />
    </AccountPageFrame>
  );
}

function BillingContent({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const capabilities = useSessionUser()?.Capability ?? [];
  // The frame loads the account too: the same query, one request.
  const account = useLoadedAccount(accountId).data;
  const mayRun = isAllowed(capabilities, RUN_EXECUTE);
  const mayReadBill = isAllowed(capabilities, ONLINE_BILL_READ);
  const mayReadInvoices = isAllowed(capabilities, INVOICES_READ);
  const mayReadCharges = isAllowed(capabilities, CUSTOM_CHARGES_READ);
  if (!mayRun && !mayReadBill && !mayReadInvoices && !mayReadCharges) return <Alert severity="info">{t('billing.no_access')}</Alert>;
  if (!account || account.AccountId !== accountId) return null;
  return (
    <>
      {mayRun && <RunBillingCard accountId={accountId} accountName={account.DisplayName} />}
      {mayReadBill && <OnlineBillCard accountId={accountId} />}
      {mayReadInvoices && <InvoicesCard accountId={accountId} />}
      {mayReadCharges && <ChargesCards accountId={accountId} isCompany={account.AccountType === 'Company'} />}
    </>
  );
}

/** The credit limit and custom charges belong to a company; a reseller's tab says where they are. */
function ChargesCards({ accountId, isCompany }: { accountId: number; isCompany: boolean }) {
  const { t } = useTranslation();
  if (!isCompany) return <Alert severity="info">{t('custom_charges.company_only')}</Alert>;
  return (
    <>
      <CreditLimitCard companyAccountId={accountId} />
      <CustomChargesCard accountId={accountId} />
    </>
  );
}
