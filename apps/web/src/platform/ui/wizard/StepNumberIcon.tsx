import { mdiCheck } from '@mdi/js';
import Box from '@mui/material/Box';
import type { StepIconProps } from '@mui/material/StepIcon';
import { MdiIcon } from '../MdiIcon';

/**
 * A step's number in a filled circle (white on primary or grey.700: above 4.5:1). MUI draws it as SVG
 * text, whose background axe cannot tell; a one-figure text inside the step button it cannot measure
 * either (the button's ripple lies over it) and files it as unreadable. The number is decoration —
 * hidden from assistive technology, the step's heading says "Step 1 of 4" — so it is drawn by CSS.
 */
export function StepNumberIcon({ active = false, completed = false, icon }: StepIconProps) {
  return (
    <Box
      aria-hidden
      data-step={completed ? undefined : String(icon)}
      sx={{
        '&[data-step]::after': { content: 'attr(data-step)' },
        width: 24,
        height: 24,
        borderRadius: '50%',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: 12,
        fontWeight: 600,
        color: 'common.white',
        // grey.700 keeps white figures above 4.5:1 for the steps still to come.
        bgcolor: active || completed ? 'primary.main' : 'grey.700',
      }}
    >
      {completed && <MdiIcon path={mdiCheck} sx={{ fontSize: 16 }} />}
    </Box>
  );
}
