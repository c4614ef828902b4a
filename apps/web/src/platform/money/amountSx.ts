// Amounts line up on their decimal places: right-aligned, figures of one width (as the custom charges do).
export const amountSx = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
