import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ReportColumn } from '@cmp/contracts/reporting';

interface ColumnChooserProps {
  columns: ReportColumn[];
  shown: string[];
  onChange: (shown: string[]) => void;
}

/** Which columns the grid shows (and the Excel file holds), in the report's order; the last one cannot be hidden. */
export function ColumnChooser({ columns, shown, onChange }: ColumnChooserProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toggle = (name: string) => {
    const next = shown.includes(name) ? shown.filter((n) => n !== name) : [...shown, name];
    onChange(columns.map((c) => c.Name).filter((n) => next.includes(n)));
  };
  return (
    <>
      <Button variant="outlined" aria-haspopup="menu" aria-expanded={anchor ? true : undefined} onClick={(event) => setAnchor(event.currentTarget)}>
        {t('reports.columns_button', { shown: shown.length, total: columns.length })}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-label': t('reports.columns_menu') } }}>
        {columns.map((column) => {
          const isShown = shown.includes(column.Name);
          const isLast = isShown && shown.length === 1;
          return (
            <MenuItem key={column.Name} role="menuitemcheckbox" aria-checked={isShown} disabled={isLast} onClick={() => toggle(column.Name)} dense>
              <ListItemIcon>
                <Checkbox edge="start" size="small" checked={isShown} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-hidden': true } }} />
              </ListItemIcon>
              <ListItemText primary={column.Title} />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
