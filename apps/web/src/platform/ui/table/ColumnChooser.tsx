import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { mdiTableColumn } from '@mdi/js';
import { MdiIcon } from '../MdiIcon';

interface ColumnChooserProps {
  columns: { id: string; header: string; isVisible: boolean }[];
  onToggle: (id: string) => void;
}

/** "Columns": a menu of check boxes that shows or hides a table's optional columns. */
export function ColumnChooser({ columns, onToggle }: ColumnChooserProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        size="small"
        startIcon={<MdiIcon path={mdiTableColumn} />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('data_table.columns')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {columns.map((column) => (
          <MenuItem key={column.id} role="menuitemcheckbox" aria-checked={column.isVisible} onClick={() => onToggle(column.id)}>
            <ListItemIcon>
              <Checkbox edge="start" size="small" checked={column.isVisible} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-hidden': true } }} />
            </ListItemIcon>
            <ListItemText>{column.header}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
