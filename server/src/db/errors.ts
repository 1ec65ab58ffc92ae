/** Whether a database error (or one it wraps: drizzle wraps the driver's) is PostgreSQL's unique violation, SQLSTATE 23505. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Object && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
