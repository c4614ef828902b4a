import { useEffect, useState, type RefObject } from 'react';

/** spec §9 "Autofill poll every 300 ms". */
export const AUTOFILL_POLL_MS = 300;

/**
 * spec §5: the Sign in button stays enabled when the browser autofilled the fields. Chromium
 * hides autofilled values from scripts until the user interacts with the page, so the only sign is
 * the `:-webkit-autofill` state, polled here: one flag per field, in the order given.
 */
export function useAutofillDetection(fields: RefObject<HTMLInputElement | null>[]): boolean[] {
  const [autofilled, setAutofilled] = useState<boolean[]>(() => fields.map(() => false));

  useEffect(() => {
    const poll = () => {
      const next = fields.map((field) => isAutofilledInput(field.current));
      setAutofilled((previous) => (next.every((value, index) => value === previous[index]) ? previous : next));
    };
    poll();
    const timer = window.setInterval(poll, AUTOFILL_POLL_MS);
    return () => window.clearInterval(timer);
    // The refs are stable objects; their elements are read on every poll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return autofilled;
}

function isAutofilledInput(input: HTMLInputElement | null): boolean {
  if (!input) return false;
  try {
    return input.matches(':-webkit-autofill');
  } catch {
    // Engines without the pseudo-class (Firefox before 86, jsdom) throw on the selector.
    try {
      return input.matches(':autofill');
    } catch {
      return false;
    }
  }
}
