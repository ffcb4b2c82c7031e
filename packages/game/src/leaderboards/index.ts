export * from "./board-types";
export * from "./boards";
export * from "./paging";
