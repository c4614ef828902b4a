import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { failureText } from '../../platform/api/failureText';
import { LOGIN_PATH } from '../../platform/navigation/appPaths';
import { BackToSignInLink } from '../../platform/ui/BackToSignInLink';
import { PlainPageCard } from '../../platform/ui/PlainPageCard';
import { SecurityCodeField } from '../../platform/ui/SecurityCodeField';
import { authenticate } from '../api/authenticate';
import { authenticateWithSubConfirmation } from '../api/authenticateOpenId';
import { sendSecurityCode } from '../api/sendSecurityCode';
import { useCompleteSignIn } from '../hooks/useCompleteSignIn';
import { claimAutomaticCodeSend, clearPendingMfaSignIn, getPendingMfaSignIn, type PendingMfaSignIn } from '../state/pendingMfaSignIn';
import { methodKindLabel } from '../../platform/session/methodKindLabel';

/**
 * /login-mfa, the second sign-in step (spec §4 Login step 2, §5 "MFA code error"). The credentials of
 * the first step are in memory only: after a reload the user signs in again, keeping the redirect.
 */
export function LoginMfaScreen() {
  const { t } = useTranslation();
  const { search } = useLocation();
  // Read once: a successful sign-in forgets the credentials while this page is still on screen.
  const [pending] = useState(getPendingMfaSignIn);
  if (!pending) return <Navigate to={`${LOGIN_PATH}${search}`} replace />;
  return (
    <PlainPageCard title={t('routes.login_mfa')}>
      <MfaCodeForm pending={pending} />
    </PlainPageCard>
  );
}

function MfaCodeForm({ pending }: { pending: PendingMfaSignIn }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const completeSignIn = useCompleteSignIn();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [isVerifying, setIsVerifying] = useState(false);
  const [sendState, setSendState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const codeRef = useRef<HTMLInputElement>(null);

  const { userName, password } = pending;
  const method = pending.methods.find((candidate) => candidate.Id === pending.preselectedMethodId && candidate.IsEnabled);
  const isEmail = method?.AuthenticationMethod === 'Email';
  const methodId = method?.Id;

  const sendCode = useCallback(async () => {
    if (methodId === undefined) return;
    setSendState('sending');
    setError(undefined);
    try {
      await sendSecurityCode({ userName, password, mfaMethodId: methodId });
      setSendState('sent');
    } catch (failure) {
      setError(failureText(failure));
      setSendState('idle');
    }
  }, [methodId, password, userName]);

  // An e-mail code is sent once when the step opens; later only when the user asks for it.
  useEffect(() => {
    if (isEmail && methodId !== undefined && claimAutomaticCodeSend(methodId)) void sendCode();
  }, [isEmail, methodId, sendCode]);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!code || isVerifying || methodId === undefined) return;
    setIsVerifying(true);
    setError(undefined);
    try {
      const { openIdSubIdentifier } = pending;
      const answer = openIdSubIdentifier
        ? await authenticateWithSubConfirmation({ userName, password, openIdSubIdentifier, mfaToken: code, mfaMethodId: methodId })
        : await authenticate({ userName, password, mfaToken: code, mfaMethodId: methodId });
      setError(completeSignIn(answer, { userName, password, openIdSubIdentifier }));
    } catch (failure) {
      // spec §5 "MFA code is incorrect. Please try again.": the server's text, a fresh field to type in.
      setError(failureText(failure));
      setCode('');
      codeRef.current?.focus();
    } finally {
      setIsVerifying(false);
    }
  };

  const links = (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap' }}>
      <Link component={RouterLink} to={`/select-mfa-method${search}`}>
        {t('mfa_sign_in.use_another_method')}
      </Link>
      <BackToSignInLink search={search} onClick={clearPendingMfaSignIn} />
    </Stack>
  );

  if (!method) {
    return (
      <>
        <Alert severity="warning">{t('mfa_sign_in.no_method')}</Alert>
        {links}
      </>
    );
  }

  return (
    <>
      <Typography color="text.secondary">{t(isEmail ? 'mfa_sign_in.intro_email' : 'mfa_sign_in.intro_app')}</Typography>
      <Typography sx={{ mt: 1, mb: 2 }}>
        {t('mfa_sign_in.method', { name: method.Name, kind: methodKindLabel(t, method.AuthenticationMethod) })}
      </Typography>
      <Box component="form" noValidate onSubmit={verify}>
        <Stack spacing={2}>
          {error && <Alert severity="error" role="alert">{error}</Alert>}
          {isEmail && (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Button variant="outlined" onClick={() => void sendCode()} loading={sendState === 'sending'}>
                {t('mfa_sign_in.send_code')}
              </Button>
              <Typography role="status" variant="body2">
                {sendState === 'sent' ? t('mfa_sign_in.code_sent') : ''}
              </Typography>
            </Stack>
          )}
          <SecurityCodeField id="login-mfa-code" value={code} onChange={(value) => { setCode(value); setError(undefined); }} inputRef={codeRef} autoFocus />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={!code || isVerifying} loading={isVerifying}>
            {t('mfa_sign_in.verify')}
          </Button>
        </Stack>
      </Box>
      {links}
    </>
  );
}
