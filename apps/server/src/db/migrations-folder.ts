import path from "node:path";

/**
 * The checked-in SQL migrations: `src/db/migrations` when running the sources, and
 * `dist/migrations` in the built server (the build copies them next to the bundle, whose
 * modules all share the bundle's directory).
 */
export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, "migrations");
