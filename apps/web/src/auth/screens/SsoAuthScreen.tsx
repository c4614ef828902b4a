import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { failureText } from '../../platform/api/failureText';
import { BackToSignInLink } from '../../platform/ui/BackToSignInLink';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { PlainPageCard } from '../../platform/ui/PlainPageCard';
import { authenticateOpenId } from '../api/authenticateOpenId';
import { SSO_STORAGE_KEYS } from '../constants/ssoStorageKeys';
import { useCompleteSignIn } from '../hooks/useCompleteSignIn';

/**
 * /sso-auth/{code}/{state}: the provider's one-time code is exchanged for a session (spec §4 Route
 * guard, §7 AuthenticateOpenId with the provider id kept at the SSO button click).
 */
export function SsoAuthScreen() {
  const { t } = useTranslation();
  const { code = '', state = '' } = useParams();
  const completeSignIn = useCompleteSignIn();
  const [error, setError] = useState<string>();
  const startedFor = useRef<string>(undefined);

  useEffect(() => {
    // The code can be used once: never exchange it twice (React's strict mode runs effects twice).
    if (startedFor.current === code) return;
    startedFor.current = code;
    const clientName = readStoredSsoId();
    if (!clientName) {
      setError(t('sso.unknown_provider'));
      return;
    }
    authenticateOpenId({ code, state, clientName }).then(
      (answer) => setError(completeSignIn(answer)),
      (failure: unknown) => setError(failureText(failure)),
    );
  }, [code, state, completeSignIn, t]);

  return (
    <PlainPageCard title={t('routes.sso_auth')}>
      {error ? (
        <>
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
          <BackToSignInLink />
        </>
      ) : (
        <>
          <Typography color="text.secondary">{t('sso.signing_in')}</Typography>
          <LoadingIndicator />
        </>
      )}
    </PlainPageCard>
  );
}

function readStoredSsoId(): string | null {
  try {
    return localStorage.getItem(SSO_STORAGE_KEYS.id);
  } catch {
    return null;
  }
}
