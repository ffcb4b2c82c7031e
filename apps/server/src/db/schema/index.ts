/** The database schema, one file per feature; drizzle-kit reads this folder. */
export * from "./accounts";
export * from "./activity-log";
export * from "./chat";
export * from "./credits";
export * from "./guild-armory";
export * from "./guilds";
export * from "./item-market";
export * from "./items";
export * from "./leaderboards";
export * from "./loot-tracker";
export * from "./market";
export * from "./notifications";
export * from "./oauth-flows";
export * from "./players";
export * from "./premium";
export * from "./server-processes";
export * from "./settings";
