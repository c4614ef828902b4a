/** A decimal amount as a list's sort value: for ordering only, never computed with (money stays decimal text). */
export const sortableAmount = (amount: string | null): number | null => (amount === null ? null : Number(amount));
