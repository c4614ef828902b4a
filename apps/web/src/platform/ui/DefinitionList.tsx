import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Label and value pairs of an order (a description list); a third `true` marks a figure that matters most. */
export function DefinitionList({ items, alignRight = false }: { items: [string, string, boolean?][]; alignRight?: boolean }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content max-content', columnGap: 4, rowGap: 0.75, m: 0 }}>
      {items.map(([label, value, isStrong]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary" sx={isStrong ? { fontWeight: 600, color: 'text.primary' } : undefined}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: isStrong ? 600 : undefined, ...(alignRight ? { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } : {}) }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
