import type { MouseEvent, ReactNode } from 'react';
import Link from '@mui/material/Link';

/** Marks the button that opens a row, so a click elsewhere on the row can press it. */
const OPENER_ATTRIBUTE = 'data-row-opener';
// A click on a control of its own in the row (an action button, a link, a check box) is that control's.
const CONTROLS = 'a, button, input, select, textarea, label, [role="button"], [role="checkbox"], [role="menuitem"]';

interface RowOpenButtonProps {
  /** The accessible name, when the cell's text alone does not say what opens; it should contain that text (WCAG 2.5.3). */
  label?: string;
  onOpen: () => void;
  children: ReactNode;
}

/**
 * The row header's content as a button that opens the row (its dialog). A button, not a focusable
 * row: screen readers announce it as something to press, and MUI's dialog returns the focus to it
 * when it closes, so the keyboard user is back on the row they opened.
 */
export function RowOpenButton({ label, onOpen, children }: RowOpenButtonProps) {
  return (
    <Link component="button" type="button" underline="hover" aria-label={label} onClick={onOpen} {...{ [OPENER_ATTRIBUTE]: '' }} sx={{ font: 'inherit', fontWeight: 500, textAlign: 'inherit', verticalAlign: 'baseline', userSelect: 'text' }}>
      {children}
    </Link>
  );
}

/**
 * A click anywhere else on the row presses its open button, for a mouse: the button takes the focus
 * first, so the focus comes back to it when the dialog closes. Not for a click on another control
 * of the row, inside a dialog the row rendered (React bubbles through portals), or that ended a text selection.
 */
export function openFromRowClick(event: MouseEvent<HTMLElement>) {
  const target = event.target as Element;
  if (!event.currentTarget.contains(target) || target.closest(CONTROLS) || globalThis.getSelection?.()?.toString()) return;
  const opener = event.currentTarget.querySelector<HTMLElement>(`[${OPENER_ATTRIBUTE}]`);
  opener?.focus();
  opener?.click();
}
