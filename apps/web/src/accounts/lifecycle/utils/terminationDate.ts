/**
 * The date-time input gives local wall time ("2030-01-31T17:00"); the server takes an ISO instant.
 * Answers null for an empty or unreadable value.
 */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The earliest value the input offers: the next minute, in local wall time. */
export function minimumLocalInput(now = new Date()): string {
  const next = new Date(now.getTime() + 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}T${pad(next.getHours())}:${pad(next.getMinutes())}`;
}

/** Splits `?accountIds=1,2,x` into the valid, distinct positive ids. */
export function parseAccountIds(value: string | null): number[] {
  const ids = (value ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)];
}
