import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import { ConsentSettingsForm } from '../../platform/consent/ConsentSettingsForm';
import { isConsentService } from '../../platform/consent/consentStore';
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

  const leave = () => {
    const target = redirectTarget(search, window.location.origin);
    if (target.kind === 'assign') window.location.assign(target.url);
    else navigate(target.to);
  };

  return (
    <PlainPageCard title={t('consent.title')}>
      {!isKnown && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('consent.unknown_service', { service: consentToolServiceId ?? '' })}
        </Alert>
      )}
      <ConsentSettingsForm firstService={isKnown ? consentToolServiceId : undefined} onSaved={leave} />
    </PlainPageCard>
  );
}
