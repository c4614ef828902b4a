// Amounts line up on their decimal places: right-aligned, figures of one width (orders, quotes, invoices, custom charges).
export const amountSx = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
