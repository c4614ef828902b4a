import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { MfaMethodKind, SetupAuthenticationMethodResponse } from '@cmp/contracts/identity';
import { failureText } from '../../platform/api/failureText';
import { methodKindLabel } from '../../platform/session/methodKindLabel';
import { setupAuthenticationMethod } from '../api/mfaMethodOperations';

interface MethodNameStepProps {
  kind: MfaMethodKind;
  /** The button that starts the set-up ("Set up", or "Send code" for e-mail). */
  submitLabel: string;
  onSetUp: (setup: SetupAuthenticationMethodResponse, name: string) => void;
}

/** The first set-up step: the method's name (the kind by default), then SetupAuthenticationMethod. */
export function MethodNameStep({ kind, submitLabel, onSetUp }: MethodNameStepProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(() => methodKindLabel(t, kind));
  const [error, setError] = useState<string>();
  const [isStarting, setIsStarting] = useState(false);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    const newName = name.trim();
    if (!newName || isStarting) return;
    setIsStarting(true);
    setError(undefined);
    try {
      onSetUp(await setupAuthenticationMethod(kind, newName), newName);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setIsStarting(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={start}>
      <Stack spacing={2}>
        {error && <Alert severity="error" role="alert">{error}</Alert>}
        <TextField
          label={t('common.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          helperText={t('mfa.name_help')}
          fullWidth
          id={`setup-${kind}-name`}
          name="method-name"
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        <Button type="submit" variant="contained" disabled={!name.trim() || isStarting} loading={isStarting}>
          {submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}
