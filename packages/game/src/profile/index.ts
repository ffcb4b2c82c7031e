export * from "./profile-text";
export * from "./stat-groups";
