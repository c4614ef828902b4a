import { mdiPackageVariantClosed } from '@mdi/js';
import Box from '@mui/material/Box';
import type { ServiceSearchResult } from '@cmp/contracts/marketplace';
import { isValidServiceIconPath } from '@cmp/contracts/searchRules';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { SearchOption } from './SearchOption';

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
  return (
    <SearchOption id={id} isActive={isActive} onChoose={onChoose} onPoint={onPoint}>
      {isValidServiceIconPath(result.Icon) ? (
        <Box component="img" src={`/keeper/getimage/${result.Icon}/${ICON_SIZE * 2}/${ICON_SIZE * 2}`} alt="" sx={{ width: ICON_SIZE, height: ICON_SIZE }} />
      ) : (
        <MdiIcon path={mdiPackageVariantClosed} fontSize="small" sx={{ color: 'text.secondary' }} />
      )}
      <Box component="span" sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {result.DisplayName}
      </Box>
    </SearchOption>
  );
}
