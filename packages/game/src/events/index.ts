export * from "./elemental-rift";
export * from "./rift-of-power";
export * from "./schedule";
