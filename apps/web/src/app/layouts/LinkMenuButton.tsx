import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { mdiChevronDown } from '@mdi/js';
import Button, { type ButtonProps } from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { isActivePath, type NavigationLink } from '../navigation/navigationItems';

interface LinkMenuButtonProps {
  label: ReactNode;
  links: NavigationLink[];
  buttonProps?: ButtonProps;
  startIcon?: ReactNode;
  menuPlacement?: 'below' | 'above';
}

/** A button opening a menu of route links; the button is highlighted while one of them is the current page. */
export function LinkMenuButton({ label, links, buttonProps, startIcon, menuPlacement = 'below' }: LinkMenuButtonProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const isActiveGroup = links.some((link) => isActivePath(pathname, link.to));

  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={startIcon}
        endIcon={<MdiIcon path={mdiChevronDown} />}
        sx={isActiveGroup ? activeSx : undefined}
        {...buttonProps}
      >
        {label}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: menuPlacement === 'below' ? 'bottom' : 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: menuPlacement === 'below' ? 'top' : 'bottom', horizontal: 'left' }}
      >
        {links.map((link) => {
          const isActive = isActivePath(pathname, link.to);
          return (
            <MenuItem
              key={link.to}
              component={RouterLink}
              to={link.to}
              selected={isActive}
              aria-current={isActive ? 'page' : undefined}
              onClick={() => setAnchor(null)}
            >
              {t(link.labelKey)}
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}

/** The current page's item or group is underlined, not only coloured (WCAG 1.4.1). */
export const activeSx = { color: 'primary.main', textDecoration: 'underline', textUnderlineOffset: '6px', textDecorationThickness: '2px' } as const;
