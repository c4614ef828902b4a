import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { MdiIcon } from '../MdiIcon';

interface RowActionButtonProps {
  /** Names the action and its row ("Delete Northwind standard"), for screen readers and as the tooltip. */
  label: string;
  icon: string;
  onClick: () => void;
}

/** An icon button of a table row: its label is both its accessible name and its tooltip. */
export function RowActionButton({ label, icon, onClick }: RowActionButtonProps) {
  return (
    <Tooltip title={label} describeChild>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        <MdiIcon path={icon} fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
