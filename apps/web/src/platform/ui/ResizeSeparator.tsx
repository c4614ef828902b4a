import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

interface ResizeSeparatorProps {
  /** The size of the panel before the separator, in pixels. */
  value: number;
  min: number;
  max: number;
  /** Pixels per arrow key press. */
  step?: number;
  onChange(value: number): void;
  /** What is resized ("Resize the account tree"). */
  label: string;
  sx?: SxProps<Theme>;
}

const clamp = (value: number, min: number, max: number) => Math.round(Math.min(max, Math.max(min, value)));

/**
 * A vertical splitter between two panels (WAI-ARIA window splitter pattern): dragged with the
 * pointer, or focused and moved with the arrow keys (Home/End: smallest/largest). The value it
 * announces is the width of the panel before it, in pixels.
 */
export function ResizeSeparator({ value, min, max, step = 16, onChange, label, sx }: ResizeSeparatorProps) {
  const drag = useRef<{ startX: number; startValue: number } | null>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const next = { ArrowLeft: value - step, ArrowDown: value - step, ArrowRight: value + step, ArrowUp: value + step, Home: min, End: max }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onChange(clamp(next, min, max));
  };
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { startX: event.clientX, startValue: value };
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (drag.current) onChange(clamp(drag.current.startValue + event.clientX - drag.current.startX, min, max));
  };
  const endDrag = (event: PointerEvent<HTMLElement>) => {
    drag.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
  };

  return (
    <Box
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      sx={[
        {
          display: 'flex',
          justifyContent: 'center',
          cursor: 'col-resize',
          touchAction: 'none',
          outline: 'none',
          borderRadius: 1,
          // The grip: a thin line that thickens and takes the theme colour under the pointer or the keyboard.
          '&::after': { content: '""', width: 2, borderRadius: 1, bgcolor: 'divider', transition: 'width 120ms, background-color 120ms' },
          '&:hover::after, &:focus-visible::after': { width: 4, bgcolor: 'primary.main' },
          '&:focus-visible': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
