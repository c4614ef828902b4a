import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { mdiAccountCircle, mdiBellOutline, mdiKeyVariant, mdiAccountArrowLeft, mdiLogout, mdiShieldAccount } from '@mdi/js';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { isAllowed } from '@cmp/contracts/capabilities';
import type { SessionUser } from '@cmp/contracts/auth';
import { signOut } from '../../auth/api/signOut';
import { unimpersonate } from '../../auth/api/unimpersonate';
import { userDisplayName } from '../../platform/session/accountViewValue';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { LOGIN_PATH } from '../routes/routeTable';
import { ROUTE_RULES } from '../../platform/navigation/routeRules';

/** spec §2 Profile menu: the user's name linking to the account, Notifications, Change password, Security settings, Unimpersonate, Sign out. */
export function ProfileMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = userDisplayName(user);
  const isImpersonated = user.ImpersonatorAccountId !== null;
  const accountPath = `/account/${user.UserAccountId}`;
  const close = () => setAnchor(null);

  const endImpersonation = () => {
    close();
    unimpersonate().then(() => window.location.reload(), () => undefined);
  };

  const signOutAndLeave = async () => {
    close();
    await signOut(queryClient);
    navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        startIcon={<MdiIcon path={mdiAccountCircle} />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none' }}
      >
        {name}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <MenuItem component={RouterLink} to={accountPath} onClick={close}>
          <ListItemIcon>
            <MdiIcon path={mdiAccountCircle} fontSize="small" />
          </ListItemIcon>
          {name}
        </MenuItem>
        {isAllowed(user.Capability, ROUTE_RULES.notifications) && (
          <MenuItem component={RouterLink} to={`${accountPath}/notifications`} onClick={close}>
            <ListItemIcon>
              <MdiIcon path={mdiBellOutline} fontSize="small" />
            </ListItemIcon>
            {t('routes.notifications')}
          </MenuItem>
        )}
        {!isImpersonated && (
          <MenuItem component={RouterLink} to="/change-password" onClick={close}>
            <ListItemIcon>
              <MdiIcon path={mdiKeyVariant} fontSize="small" />
            </ListItemIcon>
            {t('routes.change_password')}
          </MenuItem>
        )}
        <MenuItem component={RouterLink} to={`${accountPath}/user-security`} onClick={close}>
          <ListItemIcon>
            <MdiIcon path={mdiShieldAccount} fontSize="small" />
          </ListItemIcon>
          {t('header.security_settings')}
        </MenuItem>
        {isImpersonated && (
          <MenuItem onClick={endImpersonation}>
            <ListItemIcon>
              <MdiIcon path={mdiAccountArrowLeft} fontSize="small" />
            </ListItemIcon>
            {t('header.unimpersonate')}
          </MenuItem>
        )}
        <Divider />
        <MenuItem onClick={() => void signOutAndLeave()}>
          <ListItemIcon>
            <MdiIcon path={mdiLogout} fontSize="small" />
          </ListItemIcon>
          {t('header.sign_out')}
        </MenuItem>
      </Menu>
    </>
  );
}
