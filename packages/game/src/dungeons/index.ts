export * from "./guild-map";
export * from "./guild-rules";
export * from "./map";
export * from "./presets";
export * from "./rules";
export * from "./run";
export * from "./state";
