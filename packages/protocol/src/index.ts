import { clientMessages } from "./messages/client";
import type { MessageOf, PayloadOf } from "./messages/define";
import { direction } from "./messages/registry";
import { serverMessages } from "./messages/server";

export { Reader, Writer } from "./buffer";
export { type AnyCodec, type Codec, type CodecDesc, type Infer, t } from "./codecs";
export { ProtocolError, type ProtocolErrorCode } from "./errors";
export { protocolFingerprint } from "./fingerprint";
export type { Catalogue, MessageDef, MessageOf, PayloadOf } from "./messages/define";
export { clientMessages, serverMessages };

/**
 * The client build the server expects; a mismatch makes the browser reload. The spec's client
 * is build 76; ours counts on from there, one step per change of the wire format
 * (test/build.test.ts holds the format each build goes with).
 */
export const CLIENT_BUILD = 93;

/** Messages the browser sends and the server decodes. */
export const clientProtocol = direction("client", clientMessages);
/** Messages the server sends and the browser decodes. */
export const serverProtocol = direction("server", serverMessages);

export type ClientCatalogue = typeof clientMessages;
export type ServerCatalogue = typeof serverMessages;
export type ClientMessage = MessageOf<ClientCatalogue>;
export type ServerMessage = MessageOf<ServerCatalogue>;
export type ClientMessageName = keyof ClientCatalogue & string;
export type ServerMessageName = keyof ServerCatalogue & string;
export type ClientPayload<K extends ClientMessageName> = PayloadOf<ClientCatalogue, K>;
export type ServerPayload<K extends ServerMessageName> = PayloadOf<ServerCatalogue, K>;

import type { Infer } from "./codecs";
import type { awaySummary } from "./schemas/away";
import type { battleResult, gatherResult, lootTrackerEntry } from "./schemas/battle";
import type { activityLogEntry, chatEntry, chatPart } from "./schemas/chat";
import type { equipmentSet, item } from "./schemas/item";
import type { playerPatch, playerState, preferences, skillProgress } from "./schemas/player";

export type PlayerState = Infer<typeof playerState>;
export type PlayerPatch = Infer<typeof playerPatch>;
export type SkillProgress = Infer<typeof skillProgress>;
export type Preferences = Infer<typeof preferences>;
export type Item = Infer<typeof item>;
export type EquipmentSet = Infer<typeof equipmentSet>;
export type BattleResult = Infer<typeof battleResult>;
export type GatherResult = Infer<typeof gatherResult>;
export type LootTrackerEntry = Infer<typeof lootTrackerEntry>;
export type ChatEntry = Infer<typeof chatEntry>;
export type ChatPart = Infer<typeof chatPart>;
export type ActivityLogEntry = Infer<typeof activityLogEntry>;
export type AwaySummary = Infer<typeof awaySummary>;
