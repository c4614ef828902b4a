import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { showMessage } from '../messages/messageStore';
import { CONSENT_SERVICES, readConsent, saveConsent, type ConsentService } from './consentStore';

interface ConsentSettingsFormProps {
  /** Listed first (the service the /consent/{id} link names). */
  firstService?: ConsentService;
  onSaved?: () => void;
  idPrefix?: string;
}

/** The consent tool's settings: one switch per service with what it does (spec §2 /consent, §2 Terms menu settings tab). */
export function ConsentSettingsForm({ firstService, onSaved, idPrefix = 'consent' }: ConsentSettingsFormProps) {
  const { t } = useTranslation();
  const services: ConsentService[] = firstService ? [firstService, ...CONSENT_SERVICES.filter((s) => s !== firstService)] : [...CONSENT_SERVICES];
  const [choice, setChoice] = useState(() => {
    const stored = readConsent();
    return { analytics: stored?.analytics ?? false, chat: stored?.chat ?? false };
  });

  const save = (event: FormEvent) => {
    event.preventDefault();
    saveConsent(choice);
    showMessage({ type: 'success', text: t('consent.saved') });
    onSaved?.();
  };

  return (
    <Box component="form" noValidate onSubmit={save}>
      <Stack spacing={2}>
        <Typography>{t('consent.intro')}</Typography>
        <FormGroup>
          {services.map((service) => (
            <Box key={service} sx={{ mb: 1.5 }}>
              <FormControlLabel
                control={
                  <Switch
                    checked={choice[service]}
                    onChange={(e) => setChoice((c) => ({ ...c, [service]: e.target.checked }))}
                    slotProps={{ input: { 'aria-describedby': `${idPrefix}-${service}-help` } }}
                  />
                }
                label={t(`consent.${service}_label`)}
              />
              <Typography id={`${idPrefix}-${service}-help`} variant="body2" color="text.secondary">
                {t(`consent.${service}_help`)}
              </Typography>
            </Box>
          ))}
        </FormGroup>
        <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }}>
          {t('consent.save')}
        </Button>
      </Stack>
    </Box>
  );
}
