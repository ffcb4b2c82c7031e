export * from "./catalogue";
export * from "./combat";
export * from "./effects";
export * from "./levels";
export * from "./roster";
