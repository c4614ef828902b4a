import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { SignInResponse } from '@cmp/contracts/auth';
import { CURRENT_USER_QUERY_KEY } from '../../platform/session/currentUser';
import { clearPendingMfaSignIn, keepPendingMfaSignIn } from '../state/pendingMfaSignIn';
import { nextStepAfterSignIn } from '../utils/nextStepAfterSignIn';

export interface SignInCredentials {
  userName: string;
  password: string;
  /** The SSO subject being linked (/sso-link): the MFA step then confirms the link. */
  openIdSubIdentifier?: string;
}

/**
 * Takes a sign-in answer (password, MFA code, SSO) to its next step (spec §4 Login "On success").
 * Returns the text to show when the user must stay on the page, otherwise undefined.
 * `credentials` are kept in memory for the MFA step; without them (SSO) an MFA answer cannot continue.
 */
export function useCompleteSignIn(): (answer: SignInResponse, credentials?: SignInCredentials) => string | undefined {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const queryClient = useQueryClient();

  return useCallback(
    (answer, credentials) => {
      const step = nextStepAfterSignIn(answer, search, window.location.origin);
      switch (step.kind) {
        case 'missingLoginCapability':
          return t('auth.missing_login_capabilities');
        case 'mfa':
          if (!credentials) return t('sso.mfa_needs_password');
          keepPendingMfaSignIn(credentials.userName, credentials.password, step.methods, credentials.openIdSubIdentifier);
          navigate(step.to);
          return undefined;
        case 'ssoLink':
          navigate(step.to, { replace: true });
          return undefined;
        default:
          clearPendingMfaSignIn();
          queryClient.setQueryData(CURRENT_USER_QUERY_KEY, answer);
          if (step.kind === 'assign') window.location.assign(step.url);
          else navigate(step.to, { replace: true });
          return undefined;
      }
    },
    [navigate, queryClient, search, t],
  );
}
