export * from "./boards";
export * from "./paging";
