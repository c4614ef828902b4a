import { useEffect, useState } from 'react';

/**
 * After a refused "next", the first field with a problem takes the focus, once its message is drawn.
 * `fallback` names what takes it when no field is marked invalid (e.g. a radio group with no choice).
 */
export function useFocusFirstProblem(fallback?: string) {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (!request) return;
    (document.querySelector<HTMLElement>('[aria-invalid="true"]') ?? (fallback ? document.querySelector<HTMLElement>(fallback) : null))?.focus();
    // Runs once per request; the fallback is fixed per wizard.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);
  return () => setRequest((count) => count + 1);
}
