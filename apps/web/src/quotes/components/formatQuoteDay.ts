/** A validity date (a calendar day, UTC) in the reader's format. */
export const formatQuoteDay = (day: string, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day.slice(0, 10)}T00:00:00Z`));
