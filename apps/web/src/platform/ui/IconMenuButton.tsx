import { useId, useState, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import { MdiIcon } from './MdiIcon';

interface IconMenuButtonProps {
  /** The accessible name of the button (it shows only an icon). */
  label: string;
  iconPath: string;
  /** The menu items; `close` closes the menu (an item calls it when chosen). */
  children: (close: () => void) => ReactNode;
}

/** A header icon button that opens a keyboard-operable menu (arrow keys, Esc) below it. */
export function IconMenuButton({ label, iconPath, children }: IconMenuButtonProps) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MdiIcon path={iconPath} />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {children(close)}
      </Menu>
    </>
  );
}
