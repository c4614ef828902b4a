import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiArrowDown, mdiArrowUp } from '@mdi/js';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { LandingPageTile } from '@cmp/contracts/landingPage';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { visuallyHidden } from '../../platform/ui/visuallyHidden';

export interface LayoutEntry {
  tile: LandingPageTile;
  isVisible: boolean;
}

type Direction = 'up' | 'down';

interface LayoutTileListProps {
  entries: LayoutEntry[];
  onChange: (entries: LayoutEntry[]) => void;
}

/**
 * Every tile with a visibility switch and Move up / Move down buttons: plain controls, so the
 * layout is built with the keyboard as with the mouse (spec §9 accessibility). After a move the
 * focus stays on the moved tile's button, and a live region says where the tile is now.
 */
export function LayoutTileList({ entries, onChange }: LayoutTileListProps) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<{ tile: LandingPageTile; direction: Direction }>();
  const [announcement, setAnnouncement] = useState('');
  const nameOf = (tile: LandingPageTile) => t(`landing_page.tiles.${tile}.name`);

  useEffect(() => {
    if (!focusAfterMove) return;
    const button = (direction: Direction) => listRef.current?.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.tile}:${direction}"]`);
    const target = button(focusAfterMove.direction);
    // At the top or the bottom its button is disabled: the other one takes the focus.
    (target && !target.disabled ? target : button(focusAfterMove.direction === 'up' ? 'down' : 'up'))?.focus();
    setFocusAfterMove(undefined);
  }, [focusAfterMove]);

  const move = (index: number, direction: Direction) => {
    const to = direction === 'up' ? index - 1 : index + 1;
    const next = [...entries];
    [next[index], next[to]] = [next[to]!, next[index]!];
    onChange(next);
    setFocusAfterMove({ tile: entries[index]!.tile, direction });
    setAnnouncement(t('landing_page.moved', { name: nameOf(entries[index]!.tile), position: to + 1, count: entries.length }));
  };

  const toggle = (index: number) => onChange(entries.map((entry, i) => (i === index ? { ...entry, isVisible: !entry.isVisible } : entry)));

  return (
    <>
      <List ref={listRef} aria-label={t('landing_page.tiles_label')} disablePadding>
        {entries.map((entry, index) => {
          const name = nameOf(entry.tile);
          const switchId = `landing-tile-${entry.tile}`;
          const moveButton = (direction: Direction, isEnabled: boolean, icon: string) => (
            <IconButton
              size="small"
              aria-label={t(direction === 'up' ? 'landing_page.move_up' : 'landing_page.move_down', { name })}
              disabled={!isEnabled}
              data-move={`${entry.tile}:${direction}`}
              onClick={() => move(index, direction)}
            >
              <MdiIcon path={icon} fontSize="small" />
            </IconButton>
          );
          return (
            <ListItem key={entry.tile} divider disableGutters sx={{ gap: 1, alignItems: 'center' }}>
              <Switch
                id={switchId}
                checked={entry.isVisible}
                onChange={() => toggle(index)}
                slotProps={{ input: { 'aria-describedby': `${switchId}-description` } }}
              />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography component="label" htmlFor={switchId} sx={{ fontWeight: 600, display: 'block', cursor: 'pointer', color: entry.isVisible ? 'text.primary' : 'text.secondary' }}>
                  {name}
                </Typography>
                <Typography id={`${switchId}-description`} variant="body2" color="text.secondary">
                  {t(`landing_page.tiles.${entry.tile}.description`)}
                  {!entry.isVisible && <> · {t('landing_page.hidden')}</>}
                </Typography>
              </Box>
              <Stack direction="row">
                {moveButton('up', index > 0, mdiArrowUp)}
                {moveButton('down', index < entries.length - 1, mdiArrowDown)}
              </Stack>
            </ListItem>
          );
        })}
      </List>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
    </>
  );
}
