import { useEffect, useRef } from 'react';
import { mdiPackageVariantClosed } from '@mdi/js';
import Box from '@mui/material/Box';
import { isValidServiceIconPath, type ServiceSearchResult } from '@cmp/contracts/marketplace';
import { MdiIcon } from '../../platform/ui/MdiIcon';

/** Icons are drawn at 2x (spec §9 "Icon scale 2x") of this size. */
const ICON_SIZE = 20;

interface ServiceResultOptionProps {
  id: string;
  result: ServiceSearchResult;
  isActive: boolean;
  onChoose(): void;
  onPoint(): void;
}

/** One service of the global search: its icon (a placeholder when the path is not valid, spec §5) and name. */
export function ServiceResultOption({ id, result, isActive, onChoose, onPoint }: ServiceResultOptionProps) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (isActive) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [isActive]);
  return (
    <Box
      component="li"
      ref={ref}
      id={id}
      role="option"
      aria-selected={isActive}
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={onPoint}
      onClick={onChoose}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 2,
        py: 1,
        cursor: 'pointer',
        bgcolor: isActive ? 'action.selected' : undefined,
        outline: isActive ? '2px solid' : undefined,
        outlineColor: 'primary.main',
        outlineOffset: -2,
        '&:hover': { bgcolor: isActive ? 'action.selected' : 'action.hover' },
      }}
    >
      {isValidServiceIconPath(result.Icon) ? (
        <Box component="img" src={`/keeper/getimage/${result.Icon}/${ICON_SIZE * 2}/${ICON_SIZE * 2}`} alt="" sx={{ width: ICON_SIZE, height: ICON_SIZE }} />
      ) : (
        <MdiIcon path={mdiPackageVariantClosed} fontSize="small" sx={{ color: 'text.secondary' }} />
      )}
      <Box component="span" sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {result.DisplayName}
      </Box>
    </Box>
  );
}
