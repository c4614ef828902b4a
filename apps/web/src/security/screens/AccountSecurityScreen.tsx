import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { isAllowed } from '@cmp/contracts/capabilities';
import { AccountPageFrame } from '../../accounts/view/components/AccountPageFrame';
import { useAccountIdParam } from '../../platform/navigation/useAccountIdParam';
import { useSessionUser } from '../../platform/session/currentUser';
import { IpRestrictionsCard } from '../components/IpRestrictionsCard';
import { MfaPolicyCard } from '../components/MfaPolicyCard';
import { SignInPolicyCard } from '../components/SignInPolicyCard';
import { SECURITY_RULES } from '../constants/securityRules';

/** /account/{accountId}/security: the account's IP allow/deny lists and MFA policy (spec §1, §6), each behind its capability. */
export function AccountSecurityScreen() {
  const { t } = useTranslation();
  const accountId = useAccountIdParam();
  const capabilities = useSessionUser()?.Capability ?? [];
  const canViewIp = isAllowed(capabilities, SECURITY_RULES.viewIpRestrictions);
  const canViewPolicy = isAllowed(capabilities, SECURITY_RULES.viewMfaPolicy);
  const canViewSignInPolicy = isAllowed(capabilities, SECURITY_RULES.viewSignInPolicy);

  if (accountId === undefined) return <Alert severity="error">{t('common.invalid_account')}</Alert>;
  return (
    <AccountPageFrame accountId={accountId} titleKey="routes.security">
      <Stack spacing={3} sx={{ maxWidth: 900 }}>
        {canViewIp && <IpRestrictionsCard key={`ip-${accountId}`} accountId={accountId} canSave={isAllowed(capabilities, SECURITY_RULES.saveIpRestrictions)} />}
        {canViewPolicy && <MfaPolicyCard key={`policy-${accountId}`} accountId={accountId} canEdit={isAllowed(capabilities, SECURITY_RULES.editMfaPolicy)} />}
        {canViewSignInPolicy && <SignInPolicyCard key={`sign-in-${accountId}`} accountId={accountId} canEdit={isAllowed(capabilities, SECURITY_RULES.editSignInPolicy)} />}
        {!canViewIp && !canViewPolicy && !canViewSignInPolicy && <Alert severity="info">{t('account_security.no_access')}</Alert>}
      </Stack>
    </AccountPageFrame>
  );
}
