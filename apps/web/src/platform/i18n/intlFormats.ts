/**
 * Intl formatters, made once per language and options and then reused. Constructing one costs far
 * more than formatting with it (tens of microseconds, several times that on a slow phone), and a
 * table of amounts or dates made two per cell on every render: the dashboard's first render spent
 * ~15 ms there on a 4×-throttled CPU (issue 12, total blocking time).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

// Options are small literals written in the code, so their JSON is a fine key.
const keyOf = (locale: string, options: object | undefined) => `${locale}\u0000${options ? JSON.stringify(options) : ''}`;

/** `new Intl.NumberFormat(locale, options)`, kept. Throws as the constructor does (an unknown currency, say). */
export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = keyOf(locale, options);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** `new Intl.DateTimeFormat(locale, options)`, kept. */
export function dateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = keyOf(locale, options);
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}
