export * from "./account";
export * from "./ledger";
export * from "./market";
export * from "./play";
export * from "./profiles";
export * from "./spending";
export * from "./world";
