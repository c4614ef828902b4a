import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';

interface SearchOptionProps {
  id: string;
  isActive: boolean;
  onChoose(): void;
  onPoint(): void;
  /** Terminated accounts are greyed (spec §2). */
  isMuted?: boolean;
  children: ReactNode;
}

/**
 * One option of the global search's listbox (an account or a service): the focus stays in the
 * search field, which owns the keyboard (aria-activedescendant); the active option stays in sight.
 */
export function SearchOption({ id, isActive, onChoose, onPoint, isMuted = false, children }: SearchOptionProps) {
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
        // Greyed, yet still readable (WCAG 1.4.3): the secondary text colour keeps 4.5:1.
        color: isMuted ? 'text.secondary' : 'text.primary',
        fontStyle: isMuted ? 'italic' : undefined,
        bgcolor: isActive ? 'action.selected' : undefined,
        outline: isActive ? '2px solid' : undefined,
        outlineColor: 'primary.main',
        outlineOffset: -2,
        '&:hover': { bgcolor: isActive ? 'action.selected' : 'action.hover' },
      }}
    >
      {children}
    </Box>
  );
}
