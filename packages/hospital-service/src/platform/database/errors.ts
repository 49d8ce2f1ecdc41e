/** Postgres unique violation (a race the locks should already prevent). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The constraint a PostgreSQL check or unique violation names (node-postgres and PGlite both report it). */
export function violatedConstraint(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if ((code === '23514' || code === '23505') && typeof constraint === 'string') return constraint;
  }
  return null;
}
