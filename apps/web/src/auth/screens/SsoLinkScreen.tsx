import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { failureText } from '../../platform/api/failureText';
import { BackToSignInLink } from '../../platform/ui/BackToSignInLink';
import { PlainPageCard } from '../../platform/ui/PlainPageCard';
import { UsernameField } from '../../platform/ui/UsernameField';
import { authenticateWithSubConfirmation } from '../api/authenticateOpenId';
import { useCompleteSignIn } from '../hooks/useCompleteSignIn';

/** /sso-link/{openIdSubIdentifier}: the first SSO sign-in links the provider's subject to a portal user (spec §2, §7). */
export function SsoLinkScreen() {
  const { t } = useTranslation();
  const { openIdSubIdentifier = '' } = useParams();
  const completeSignIn = useCompleteSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [isLinking, setIsLinking] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  const link = async (event: FormEvent) => {
    event.preventDefault();
    const userName = username.trim();
    if (!userName || !password || isLinking) return;
    setIsLinking(true);
    setError(undefined);
    try {
      const user = await authenticateWithSubConfirmation({ userName, password, openIdSubIdentifier });
      // A user with MFA continues on the MFA step, which completes the link with the code.
      setError(completeSignIn(user, { userName, password, openIdSubIdentifier }));
    } catch (failure) {
      // As on the sign-in page (spec §4 Login): the error shows, the password is cleared and focused.
      setError(failureText(failure));
      setPassword('');
      passwordRef.current?.focus();
    } finally {
      setIsLinking(false);
    }
  };

  return (
    <PlainPageCard title={t('routes.sso_link')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('sso.link_intro')}
      </Typography>
      <Box component="form" noValidate onSubmit={link}>
        <Stack spacing={2}>
          {error && <Alert severity="error" role="alert">{error}</Alert>}
          <UsernameField
            id="sso-link-username"
            value={username}
            onChange={(value) => {
              setUsername(value);
              setError(undefined);
            }}
            autoFocus
          />
          <TextField
            label={t('login.password')}
            type="password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(undefined);
            }}
            inputRef={passwordRef}
            autoComplete="current-password"
            fullWidth
            id="sso-link-password"
            name="password"
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={!username.trim() || !password || isLinking} loading={isLinking}>
            {t('sso.link_account')}
          </Button>
        </Stack>
      </Box>
      <BackToSignInLink />
    </PlainPageCard>
  );
}
