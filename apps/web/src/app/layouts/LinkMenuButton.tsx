import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { mdiChevronDown } from '@mdi/js';
import Button, { type ButtonProps } from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { isActivePath, type NavigationLink } from '../navigation/navigationItems';

/** spec §9 "Menu open delay 300 ms, close delay 250 ms": for menus that open when the pointer rests on them. */
export const MENU_OPEN_DELAY_MS = 300;
export const MENU_CLOSE_DELAY_MS = 250;

interface LinkMenuButtonProps {
  label: ReactNode;
  links: NavigationLink[];
  buttonProps?: ButtonProps;
  startIcon?: ReactNode;
  menuPlacement?: 'below' | 'above';
  /** Opens when the pointer rests on the button and closes when it has left button and menu (top navigation). */
  isOpenedOnHover?: boolean;
}

/** A button opening a menu of route links; the button is highlighted while one of them is the current page. */
export function LinkMenuButton({ label, links, buttonProps, startIcon, menuPlacement = 'below', isOpenedOnHover = false }: LinkMenuButtonProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // A menu opened by the pointer must not take the focus or cover the page with a backdrop: moving on
  // closes it. Opened by click or keyboard it is the usual modal menu with focus inside.
  const [isHoverOpened, setIsHoverOpened] = useState(false);
  const openTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const menuId = useId();
  const isActiveGroup = links.some((link) => isActivePath(pathname, link.to));

  const clearTimers = () => {
    clearTimeout(openTimer.current);
    clearTimeout(closeTimer.current);
  };
  useEffect(() => clearTimers, []);

  const close = () => {
    clearTimers();
    setAnchor(null);
    setIsHoverOpened(false);
  };
  const scheduleClose = () => {
    if (!isHoverOpened) return;
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(close, MENU_CLOSE_DELAY_MS);
  };
  const hoverHandlers = isOpenedOnHover
    ? {
        onMouseEnter: (event: MouseEvent<HTMLElement>) => {
          clearTimeout(closeTimer.current);
          if (anchor) return;
          const target = event.currentTarget;
          openTimer.current = setTimeout(() => {
            setIsHoverOpened(true);
            setAnchor(target);
          }, MENU_OPEN_DELAY_MS);
        },
        onMouseLeave: () => {
          clearTimeout(openTimer.current);
          scheduleClose();
        },
      }
    : {};

  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => {
          clearTimers();
          setIsHoverOpened(false);
          setAnchor(event.currentTarget);
        }}
        startIcon={startIcon}
        endIcon={<MdiIcon path={mdiChevronDown} />}
        sx={isActiveGroup ? activeSxFor(buttonProps?.variant) : undefined}
        {...hoverHandlers}
        {...buttonProps}
      >
        {label}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: menuPlacement === 'below' ? 'bottom' : 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: menuPlacement === 'below' ? 'top' : 'bottom', horizontal: 'left' }}
        autoFocus={!isHoverOpened}
        hideBackdrop={isHoverOpened}
        disableAutoFocus={isHoverOpened}
        disableEnforceFocus={isHoverOpened}
        disableScrollLock={isHoverOpened}
        slotProps={
          isHoverOpened
            ? {
                root: { sx: { pointerEvents: 'none' } },
                paper: { sx: { pointerEvents: 'auto' }, onMouseEnter: () => clearTimeout(closeTimer.current), onMouseLeave: scheduleClose },
              }
            : undefined
        }
      >
        {links.map((link) => {
          const isActive = isActivePath(pathname, link.to);
          return (
            <MenuItem key={link.to} component={RouterLink} to={link.to} selected={isActive} aria-current={isActive ? 'page' : undefined} onClick={close}>
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
const { color: _color, ...underlineOnly } = activeSx;

/**
 * A filled button keeps its own text colour when active: primary text on a primary background was
 * unreadable (the footer's New button on the create screens, issue 10); the underline remains.
 */
export const activeSxFor = (variant: ButtonProps['variant']) => (variant === 'contained' ? underlineOnly : activeSx);
