/** What the integration projects' global setup (store-templates.ts) gives every test file. */
declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (DATA_DIR): each test store starts as its copy. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database each test database is created from. */
    postgresTemplate: string;
    /** The server bundled for `node <dir>/main.js` (child.ts). */
    serverBundle: string;
  }
}

/** The connection string `url` with another database name. */
export function databaseUrl(url: string, name: string): string {
  const out = new URL(url);
  out.pathname = `/${name}`;
  return out.toString();
}
