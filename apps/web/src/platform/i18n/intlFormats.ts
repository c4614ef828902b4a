/**
 * Intl formatters, made once per language and options and then reused. Constructing one costs far
 * more than formatting with it (tens of microseconds, several times that on a slow phone), and a
 * table of amounts or dates made two per cell on every render: the dashboard's first render spent
 * ~15 ms there on a 4×-throttled CPU (issue 12, total blocking time).
 */
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

// Options are small literals written in the code, so their JSON is a fine key.
function kept<T extends Intl.NumberFormat | Intl.DateTimeFormat>(kind: string, locale: string, options: object | undefined, make: () => T): T {
  const key = `${kind}\u0000${locale}\u0000${options ? JSON.stringify(options) : ''}`;
  let format = formats.get(key) as T | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/** `new Intl.NumberFormat(locale, options)`, kept. Throws as the constructor does (an unknown currency, say). */
export const numberFormat = (locale: string, options?: Intl.NumberFormatOptions) => kept('number', locale, options, () => new Intl.NumberFormat(locale, options));

/** `new Intl.DateTimeFormat(locale, options)`, kept. */
export const dateTimeFormat = (locale: string, options?: Intl.DateTimeFormatOptions) => kept('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
