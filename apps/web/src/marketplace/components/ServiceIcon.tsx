import { mdiPackageVariantClosed } from '@mdi/js';
import Box from '@mui/material/Box';
import { MdiIcon } from '../../platform/ui/MdiIcon';

/** spec §5: a valid icon path shows the image (the server sends '' for any other), else a blank placeholder. */
export function ServiceIcon({ icon, size }: { icon: string; size: number }) {
  if (icon) return <Box component="img" src={`/keeper/getimage/${icon}/${size * 2}/${size * 2}`} alt="" sx={{ width: size, height: size, flexShrink: 0, borderRadius: 1 }} />;
  return (
    <Box aria-hidden sx={{ width: size, height: size, flexShrink: 0, borderRadius: 1, bgcolor: 'action.hover', color: 'text.secondary', display: 'grid', placeItems: 'center' }}>
      <MdiIcon path={mdiPackageVariantClosed} sx={{ fontSize: size * 0.55 }} />
    </Box>
  );
}
