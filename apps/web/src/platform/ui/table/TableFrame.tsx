import type { ReactNode } from 'react';
import TableContainer from '@mui/material/TableContainer';
import type { SxProps, Theme } from '@mui/material/styles';

interface TableFrameProps {
  isScreenReaderOnly?: boolean;
  labelledBy?: string;
  label?: string;
  maxBodyHeight?: number;
  children: ReactNode;
}

/** The table's scroll container: a keyboard user scrolls a wide table sideways on a narrow screen, or a height-capped one down (WCAG 2.1.1). */
export function TableFrame({ isScreenReaderOnly, labelledBy, label, maxBodyHeight, children }: TableFrameProps) {
  // A table nobody sees has nothing to scroll: no tab stop without a visible focus.
  if (isScreenReaderOnly) return <>{children}</>;
  return (
    <TableContainer tabIndex={0} role="region" aria-labelledby={labelledBy} aria-label={label} sx={maxBodyHeight ? { maxHeight: maxBodyHeight } : undefined}>
      {children}
    </TableContainer>
  );
}

type SxPart = SxProps<Theme> | false | undefined;

/** Styles of several sources as one `sx`, later ones winning; absent ones left out. */
export function sxList(...parts: SxPart[]): SxProps<Theme> {
  return parts.flatMap((part) => (!part ? [] : Array.isArray(part) ? part : [part])) as SxProps<Theme>;
}
