import { dateTimeFormat } from '../i18n/intlFormats';

/**
 * The one date/time formatter of the portal (STYLE.md "Time: store UTC, show in the user's
 * locale"). Unparseable input is shown as given rather than as "Invalid Date".
 */
export function formatDateTime(value: string | Date, locale: string, timeZone?: 'UTC'): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  // `timeZone: 'UTC'` where the spec says a time is shown in UTC (a custom charge's date created).
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}
