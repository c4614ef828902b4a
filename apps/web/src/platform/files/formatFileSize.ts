/** A file size as people read it, in their language: "512 KB", "1,2 MB". */
export function formatFileSize(bytes: number, locale: string): string {
  const units = [
    { unit: 'megabyte', size: 1024 * 1024 },
    { unit: 'kilobyte', size: 1024 },
  ] as const;
  const match = units.find(({ size }) => bytes >= size);
  if (!match) return new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'short' }).format(bytes);
  return new Intl.NumberFormat(locale, { style: 'unit', unit: match.unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(bytes / match.size);
}
