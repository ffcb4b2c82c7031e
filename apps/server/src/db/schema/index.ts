/** The database schema, one file per feature; drizzle-kit reads this folder. */
export * from "./accounts";
export * from "./activity-log";
export * from "./chat";
export * from "./items";
export * from "./players";
export * from "./settings";
