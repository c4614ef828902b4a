import type { SxProps, Theme } from '@mui/material/styles';

/** One row of the tree, indented by its level; the current account stands out (selected colour and a bar). */
export const treeRowSx = (level: number, isCurrent = false): SxProps<Theme> => ({
  display: 'flex',
  alignItems: 'center',
  gap: 0.75,
  minHeight: 32,
  pl: (level - 1) * 2 + 0.5,
  pr: 1,
  borderRadius: 1,
  cursor: 'pointer',
  bgcolor: isCurrent ? 'action.selected' : undefined,
  boxShadow: isCurrent ? (theme) => `inset 3px 0 0 ${theme.palette.primary.main}` : undefined,
  '&:hover': { bgcolor: isCurrent ? 'action.selected' : 'action.hover' },
});
