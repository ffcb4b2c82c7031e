export * from "./catalogue";
export * from "./codex";
export * from "./costs";
