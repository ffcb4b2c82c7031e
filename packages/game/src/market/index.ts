export * from "./book";
export * from "./categories";
export * from "./cooldown";
export * from "./merchant";
