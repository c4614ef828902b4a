/**
 * A unique constraint refused the write (PostgreSQL 23505) — on PGlite and node-postgres alike, and
 * whether or not Drizzle wrapped the driver's error. Used where a check-then-write can lose a race.
 */
export const isUniqueViolation = (error: unknown): boolean => {
  const { code, cause } = (error ?? {}) as { code?: string; cause?: { code?: string } };
  return code === '23505' || cause?.code === '23505';
};
