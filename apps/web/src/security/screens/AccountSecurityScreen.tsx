import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { isAllowed } from '@cmp/contracts/capabilities';
import { AccountPageFrame } from '../../accounts/public';
import { useAccountIdParam } from '../../platform/navigation/useAccountIdParam';
import { useSessionUser } from '../../platform/session/currentUser';
import { RolesSection } from '../../roles/public';
import { ROLE_RULES } from '../../platform/navigation/roleRules';
import { IpRestrictionsCard } from '../components/IpRestrictionsCard';
import { MfaPolicyCard } from '../components/MfaPolicyCard';
import { SignInPolicyCard } from '../components/SignInPolicyCard';
import { SECURITY_RULES } from '../../platform/navigation/securityRules';

/** /account/{accountId}/security: the account's IP allow/deny lists, MFA policy and, for an organisation, its roles and capability sets (spec §1, §6; issue 17), each behind its capability. */
export function AccountSecurityScreen() {
  const { t } = useTranslation();
  const accountId = useAccountIdParam();
  const capabilities = useSessionUser()?.Capability ?? [];
  const canViewIp = isAllowed(capabilities, SECURITY_RULES.viewIpRestrictions);
  const canViewPolicy = isAllowed(capabilities, SECURITY_RULES.viewMfaPolicy);
  const canViewSignInPolicy = isAllowed(capabilities, SECURITY_RULES.viewSignInPolicy);
  const canViewRoles = isAllowed(capabilities, ROLE_RULES.view);

  if (accountId === undefined) return <Alert severity="error">{t('common.invalid_account')}</Alert>;
  return (
    <AccountPageFrame accountId={accountId} titleKey="routes.security">
      <Stack spacing={3} sx={{ maxWidth: 900 }}>
        {canViewIp && <IpRestrictionsCard key={`ip-${accountId}`} accountId={accountId} canSave={isAllowed(capabilities, SECURITY_RULES.saveIpRestrictions)} />}
        {canViewPolicy && <MfaPolicyCard key={`policy-${accountId}`} accountId={accountId} canEdit={isAllowed(capabilities, SECURITY_RULES.editMfaPolicy)} />}
        {canViewSignInPolicy && <SignInPolicyCard key={`sign-in-${accountId}`} accountId={accountId} canEdit={isAllowed(capabilities, SECURITY_RULES.editSignInPolicy)} />}
        {canViewRoles && <RolesSection key={`roles-${accountId}`} accountId={accountId} capabilities={capabilities} />}
        {!canViewIp && !canViewPolicy && !canViewSignInPolicy && !canViewRoles && <Alert severity="info">{t('account_security.no_access')}</Alert>}
      </Stack>
    </AccountPageFrame>
  );
}
