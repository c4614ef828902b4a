// The portal's calendar dates (a subscription's start, a commitment's end): shown in UTC, where the
// day was fixed, so a user west of Greenwich does not see the day before.

/** A calendar date ("2027-11-30" or a full timestamp) in the user's language, without a time. */
export function formatDate(value: string, locale: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
