import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiDotsVertical } from '@mdi/js';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { UserListItem } from '@cmp/contracts/users';
import { MdiIcon } from '../../platform/ui/MdiIcon';

export type UserAction = 'toggleStatus' | 'toggleAdministrator' | 'changeUsername' | 'resetPassword' | 'roles';

interface UserActionsMenuProps {
  user: UserListItem;
  /** The actions the caller may take on this user; the menu is absent without any. */
  allowed: UserAction[];
  onAction: (action: UserAction, user: UserListItem) => void;
}

/** The per-row actions, in a keyboard-operable menu named after the user. */
export function UserActionsMenu({ user, allowed, onAction }: UserActionsMenuProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (allowed.length === 0) return null;
  const labels: Record<UserAction, string> = {
    toggleStatus: user.Status === 'Enabled' ? t('users.action_disable') : t('users.action_enable'),
    toggleAdministrator: user.IsAdministrator ? t('users.action_remove_administrator') : t('users.action_make_administrator'),
    changeUsername: t('users.action_change_username'),
    resetPassword: t('users.action_reset_password'),
    roles: t('users.action_roles'),
  };
  const choose = (action: UserAction) => {
    setAnchor(null);
    onAction(action, user);
  };
  return (
    <>
      <IconButton
        aria-label={t('users.actions_for', { name: user.DisplayName })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MdiIcon path={mdiDotsVertical} />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {allowed.map((action) => (
          <MenuItem key={action} onClick={() => choose(action)}>
            {labels[action]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
