import { useTranslation } from 'react-i18next';
import { mdiArrowDown, mdiArrowUp } from '@mdi/js';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { MdiIcon } from '../../platform/ui/MdiIcon';

export type MoveDirection = 'up' | 'down';

interface PriorityMoveButtonsProps {
  /** The name of the pricelist or rule, for the buttons' accessible names. */
  name: string;
  /** Identifies the buttons, so focus can come back to them once their row has moved. */
  moveKey: string;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMove: (direction: MoveDirection) => void;
}

/** Move up / Move down: plain buttons, so the order changes with the keyboard as with the mouse. */
export function PriorityMoveButtons({ name, moveKey, canMoveUp, canMoveDown, onMove }: PriorityMoveButtonsProps) {
  const { t } = useTranslation();
  const button = (direction: MoveDirection, isEnabled: boolean, icon: string) => {
    const label = t(direction === 'up' ? 'pricing.move_up' : 'pricing.move_down', { name });
    const control = (
      <IconButton size="small" aria-label={label} disabled={!isEnabled} data-move={`${moveKey}:${direction}`} onClick={() => onMove(direction)}>
        <MdiIcon path={icon} fontSize="small" />
      </IconButton>
    );
    // A disabled button gets no tooltip (it cannot be hovered or focused).
    return isEnabled ? (
      <Tooltip title={label} describeChild>
        {control}
      </Tooltip>
    ) : (
      control
    );
  };
  return (
    <Stack direction="row" spacing={0}>
      {button('up', canMoveUp, mdiArrowUp)}
      {button('down', canMoveDown, mdiArrowDown)}
    </Stack>
  );
}

interface PriorityCellProps {
  priority: number;
  name: string;
  moveKey: string;
  /** Place among the rows that can move, and how many there are. */
  index: number;
  count: number;
  /** Offered only to who may reorder, and never for the default rule. */
  isMovable: boolean;
  onMove: (direction: MoveDirection) => void;
}

/** The priority of a pricelist or rule, with its Move up / Move down buttons (a cell of its list). */
export function PriorityCell({ priority, name, moveKey, index, count, isMovable, onMove }: PriorityCellProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <span style={{ minWidth: '2ch', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{priority}</span>
      {isMovable && <PriorityMoveButtons name={name} moveKey={moveKey} canMoveUp={index > 0} canMoveDown={index < count - 1} onMove={onMove} />}
    </Stack>
  );
}
