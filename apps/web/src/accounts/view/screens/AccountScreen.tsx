import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { useAccountIdParam } from '../../../platform/navigation/useAccountIdParam';
import { LoadingIndicator } from '../../../platform/ui/LoadingIndicator';
import { useLoadedAccount } from '../api/accountViewOperations';
import { AccountOverview } from '../components/AccountOverview';
import { AccountPageFrame } from '../components/AccountPageFrame';

/** /account/{accountId} and the legacy #/Account/View/{accountId} (spec §2): the account's overview tab. */
export function AccountScreen() {
  const { t } = useTranslation();
  const accountId = useAccountIdParam();
  const accountQuery = useLoadedAccount(accountId);
  if (accountId === undefined) return <Alert severity="error">{t('common.invalid_account')}</Alert>;
  const account = accountQuery.data?.AccountId === accountId ? accountQuery.data : undefined;
  return (
    <AccountPageFrame accountId={accountId} titleKey="routes.account">
      {account ? <AccountOverview account={account} /> : !accountQuery.isError && <LoadingIndicator />}
    </AccountPageFrame>
  );
}
