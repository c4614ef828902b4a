import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { LOGIN_PATH } from '../../platform/navigation/appPaths';
import { PlainPageCard } from '../../platform/ui/PlainPageCard';
import { choosePendingMfaMethod, getPendingMfaSignIn } from '../state/pendingMfaSignIn';
import { methodKindLabel } from '../../platform/session/methodKindLabel';

/** /select-mfa-method: the enabled methods of the pending sign-in; choosing one returns to /login-mfa with it (spec §2). */
export function SelectMfaMethodScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [pending] = useState(getPendingMfaSignIn);
  if (!pending) return <Navigate to={`${LOGIN_PATH}${search}`} replace />;

  const methods = pending.methods.filter((method) => method.IsEnabled);
  const choose = (methodId: number) => {
    choosePendingMfaMethod(methodId);
    navigate(`/login-mfa${search}`);
  };

  return (
    <PlainPageCard title={t('routes.select_mfa_method')}>
      <Typography color="text.secondary">{t('mfa_sign_in.choose_intro')}</Typography>
      <List sx={{ my: 2 }}>
        {methods.map((method) => (
          <ListItem key={method.Id} disablePadding sx={{ mb: 1 }}>
            <ListItemButton
              selected={method.Id === pending.preselectedMethodId}
              onClick={() => choose(method.Id)}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              <ListItemText primary={method.Name} secondary={methodKindLabel(t, method.AuthenticationMethod)} />
              {method.IsPrimary && <Chip size="small" label={t('mfa.primary')} />}
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Link component={RouterLink} to={`/login-mfa${search}`}>
        {t('common.back')}
      </Link>
    </PlainPageCard>
  );
}
