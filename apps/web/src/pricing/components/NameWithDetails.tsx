import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';

/** A row's name over a line of details in small print (a service over its item, fee type and unit). */
export function NameWithDetails({ name, details }: { name: ReactNode; details: ReactNode }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {name}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {details}
      </Typography>
    </>
  );
}
