import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { CONSENT_SERVICES, isConsentService, readConsent, saveConsent, type ConsentService } from '../../platform/consent/consentStore';
import { showMessage } from '../../platform/messages/messageStore';
import { redirectTarget } from '../../platform/navigation/redirectTarget';
import { PlainPageCard } from '../../platform/ui/PlainPageCard';

/**
 * /consent/{consent tool service id} (spec §2: public, plain, receives the query string): the
 * settings of the consent tool, the named service first. `?redirect=` says where to go after saving.
 */
export function ConsentScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { consentToolServiceId } = useParams();
  const isKnown = isConsentService(consentToolServiceId);
  const services: ConsentService[] = isKnown ? [consentToolServiceId, ...CONSENT_SERVICES.filter((s) => s !== consentToolServiceId)] : [...CONSENT_SERVICES];
  const [choice, setChoice] = useState(() => {
    const stored = readConsent();
    return { analytics: stored?.analytics ?? false, chat: stored?.chat ?? false };
  });

  const save = (event: FormEvent) => {
    event.preventDefault();
    saveConsent(choice);
    showMessage({ type: 'success', text: t('consent.saved') });
    const target = redirectTarget(search, window.location.origin);
    if (target.kind === 'assign') window.location.assign(target.url);
    else navigate(target.to);
  };

  return (
    <PlainPageCard title={t('consent.title')}>
      <Box component="form" noValidate onSubmit={save}>
        <Stack spacing={2}>
          <Typography>{t('consent.intro')}</Typography>
          {!isKnown && <Alert severity="info">{t('consent.unknown_service', { service: consentToolServiceId ?? '' })}</Alert>}
          <FormGroup>
            {services.map((service) => (
              <Box key={service} sx={{ mb: 1.5 }}>
                <FormControlLabel
                  control={<Switch checked={choice[service]} onChange={(e) => setChoice((c) => ({ ...c, [service]: e.target.checked }))} slotProps={{ input: { 'aria-describedby': `consent-${service}-help` } }} />}
                  label={t(`consent.${service}_label`)}
                />
                <Typography id={`consent-${service}-help`} variant="body2" color="text.secondary">
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
    </PlainPageCard>
  );
}
