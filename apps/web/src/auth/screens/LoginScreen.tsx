import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useBranding } from '../../platform/branding/BrandingContext';
import { visuallyHidden } from '../../platform/ui/visuallyHidden';
import { LanguageSelect } from '../../platform/i18n/LanguageSelect';
import { UsernameField } from '../../platform/ui/UsernameField';
import { authenticate } from '../api/authenticate';
import { SsoButtons } from '../components/SsoButtons';
import { useAutofillDetection } from '../hooks/useAutofillDetection';
import { useCompleteSignIn } from '../hooks/useCompleteSignIn';

/** The sign-in page, /login (spec §2 Login screen, §4 Login, §5 Sign-in). */
export function LoginScreen() {
  const { t } = useTranslation();
  const branding = useBranding();
  const completeSignIn = useCompleteSignIn();

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [isLoading, setIsLoading] = useState(false);
  const [error, setError] = useState<string>();
  const [shouldFocusPassword, setShouldFocusPassword] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [isUsernameAutofilled, isPasswordAutofilled] = useAutofillDetection([usernameRef, passwordRef]);

  // spec §5: disabled when a field is empty or while loading, unless the browser autofilled it.
  const isSubmitDisabled = isLoading || !(username || isUsernameAutofilled) || !(password || isPasswordAutofilled);

  useEffect(() => {
    if (!shouldFocusPassword) return;
    passwordRef.current?.focus();
    setShouldFocusPassword(false);
  }, [shouldFocusPassword]);

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    // Autofilled values are in the inputs before any change event reaches the state.
    const userName = (usernameRef.current?.value ?? username).trim();
    const secret = passwordRef.current?.value ?? password;
    if (!userName || !secret || isLoading) return;

    setIsLoading(true);
    setError(undefined);
    try {
      const answer = await authenticate({ userName, password: secret });
      setError(completeSignIn(answer, { userName, password: secret }));
    } catch (failure) {
      // spec §4: the error text shows, the password is cleared and focused.
      setError(failure instanceof Error ? failure.message : t('errors.unknown_error'));
      setPassword('');
      setShouldFocusPassword(true);
    } finally {
      setIsLoading(false);
    }
  };

  const changeField = (setValue: (value: string) => void) => (value: string) => {
    setValue(value);
    setError(undefined);
  };

  return (
    <Stack spacing={3} sx={{ width: '100%', maxWidth: 420, alignItems: 'center' }}>
      <Paper component="section" aria-labelledby="login-heading" elevation={2} sx={{ p: 4, width: '100%' }}>
        {branding.logo && (
          <Box sx={{ textAlign: 'center', mb: 2 }}>
            <Box component="img" src={branding.logo} alt={branding.marketplace_owner} sx={{ maxWidth: '100%', maxHeight: 80 }} />
          </Box>
        )}
        <Typography id="login-heading" variant="h5" component="h1" gutterBottom>
          {t('login.welcome', { title: branding.title })}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('login.prompt')}
        </Typography>

        <Box component="form" noValidate onSubmit={signIn}>
          <Stack spacing={2}>
            {error && <Alert severity="error" role="alert">{error}</Alert>}
            <UsernameField id="login-username" value={username} onChange={changeField(setUsername)} inputRef={usernameRef} autoFocus />
            <TextField
              label={t('login.password')}
              type="password"
              value={password}
              onChange={(event) => changeField(setPassword)(event.target.value)}
              inputRef={passwordRef}
              autoComplete="current-password"
              fullWidth
              id="login-password"
              name="password"
            />
            <Button type="submit" variant="contained" size="large" disabled={isSubmitDisabled} loading={isLoading} fullWidth>
              {t('login.sign_in')}
            </Button>
          </Stack>
        </Box>

        {branding.sso_setup_list.length > 0 && (
          <>
            <Divider sx={{ my: 2 }}>{t('login.or')}</Divider>
            <SsoButtons providers={branding.sso_setup_list} />
          </>
        )}

        <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Link component={RouterLink} to="/reset-password">
            {t('login.cant_sign_in')}
          </Link>
          {branding.register_url && (
            <Link href={branding.register_url} target="_blank" rel="noopener noreferrer">
              {t('login.register')}
              <Box component="span" sx={visuallyHidden}>
                {` ${t('common.opens_in_new_tab')}`}
              </Box>
            </Link>
          )}
        </Stack>
      </Paper>
      <LanguageSelect />
    </Stack>
  );
}
