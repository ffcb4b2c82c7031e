import {
  ActionType,
  autoSiphonDone,
  createRiftAttack,
  type Element,
  expectedResourceAmount,
  GATHER_XP_BASE,
  type GatherActionType,
  type Item,
  levelFromExperience,
  RiftType,
  type Rng,
  riftAttack,
  riftBoss,
  siphon,
  stochasticRound,
} from "@manaspire/game";
import type { Sessions } from "../../socket/sessions";
import { XP_FIELD } from "../../world/gather-action";
import type { LoadedPlayer } from "../../world/loaded-player";
import { type EventShare, type PlayerEvent, shareOf } from "../../world/player-event";
import { combatStats, gatherSums, totalBoosts } from "../../world/player-view";
import { statsPatch, totalsBefore } from "../../world/stat-patch";
import { wireOf } from "../items/common";
import type { EventWorld } from "./event-world";

/** Reused by every rift attack of the tick: the world is single-threaded. */
const attack = createRiftAttack();

const RESOURCE = {
  [ActionType.Mining]: "iron",
  [ActionType.Fishing]: "fish",
  [ActionType.Woodcutting]: "wood",
} as const;

/**
 * One action of a player whose tick goes to the event (`EventWorld.takes`; the world spent
 * the action): in an Elemental Rift a battle at the boss or a gathering for the rift, in a
 * Rift of Power a siphon. Returns what to send to a watched player (inside the world's one
 * write per socket), or undefined.
 */
export function eventAction(
  events: EventWorld,
  sessions: Sessions,
  p: LoadedPlayer,
  rng: Rng,
  watched: boolean,
  now: number,
): (() => void) | undefined {
  const e = p.event as PlayerEvent;
  const share = shareOf(p, e);
  e.actions++;
  share.actions++;
  share.actionType = e.actionType;
  if (e.kind === RiftType.RiftOfPower)
    return siphonAction(events, sessions, p, e, share, rng, watched, now);
  riftAction(events, p, e, share, rng, watched);
  if (!watched) return undefined;
  return () => {
    const rift = events.riftFor(p);
    if (rift) sessions.send(p.id, "elementalRift", rift);
    sessions.send(p.id, "playerUpdate", { patch: { actions: p.actions } });
  };
}

function riftAction(
  events: EventWorld,
  p: LoadedPlayer,
  e: PlayerEvent,
  share: EventShare,
  rng: Rng,
  watched: boolean,
): void {
  const cur = events.current;
  if (!cur) return;
  if (e.actionType === ActionType.Battle) {
    const boss = riftBoss(events.boss(cur).bossNumber, cur.bossBaseHealth);
    riftAttack(combatStats(p), boss, p.magicType as Element, events.buffs(cur), rng, attack);
    const damage = attack.damageDone;
    e.damage += damage;
    share.damage += damage;
    events.local.damage += damage;
    if (watched) events.lastAttack.set(p.id, { ...attack });
    return;
  }
  const action = e.actionType as GatherActionType;
  const level = levelFromExperience(GATHER_XP_BASE, p[XP_FIELD[action]]);
  const amount = stochasticRound(
    expectedResourceAmount(
      action,
      level,
      totalBoosts(p),
      p.guild?.effects.dropBoost ?? 0,
      gatherSums(p),
    ),
    rng,
  );
  const field = RESOURCE[action];
  e.resources += amount;
  share[field] += amount;
  events.local[field] += amount;
}

/** The equipped items the player owns (a borrowed one is not theirs to improve). */
function ownEquipped(p: LoadedPlayer): Item[] {
  const out: Item[] = [];
  for (const o of p.inventory.items.values()) {
    if (o.equipped && o.ownerId === p.id && o.borrowerId === null) out.push(o.item);
  }
  return out;
}

function siphonAction(
  events: EventWorld,
  sessions: Sessions,
  p: LoadedPlayer,
  e: PlayerEvent,
  share: EventShare,
  rng: Rng,
  watched: boolean,
  now: number,
): (() => void) | undefined {
  const out = siphon(ownEquipped(p), e.successes, rng);
  let owned = undefined as ReturnType<typeof p.inventory.get>;
  let before: Record<number, number> | undefined;
  if (out.success) {
    e.successes++;
    share.successes++;
    if (out.before && out.after) {
      owned = p.inventory.get(out.before.id);
      if (owned) {
        if (watched) before = totalsBefore(p);
        p.inventory.replace(owned, out.after);
      }
    }
    if (autoSiphonDone(e.autoSiphon, e.successes)) e.siphoning = false;
  }
  if (!watched) return undefined;
  const changed = owned;
  return () => {
    sessions.send(p.id, "riftOfPowerResult", {
      success: out.success,
      successCount: e.successes,
      oldBoosts: changed && out.before ? (out.before.boosts as Record<number, number>) : {},
      ...(changed ? { item: wireOf(p, changed) } : {}),
    });
    if (changed) sessions.send(p.id, "item", { id: changed.item.id, item: wireOf(p, changed) });
    sessions.send(p.id, "playerUpdate", {
      patch: before ? { actions: p.actions, ...statsPatch(p, before) } : { actions: p.actions },
    });
    if (!e.siphoning) sessions.send(p.id, "eventState", events.stateFor(p, now));
  };
}
