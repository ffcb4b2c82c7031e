import { ChatChannel, LootId } from "@manaspire/game";
import { expect } from "vitest";
import { mark, type Player, setLoot, toastFor } from "./players";

let seq = 0;
/** A fresh guild name (letters only). */
export function guildName(): string {
  seq++;
  const letters = `${Date.now().toString(36)}${seq.toString(36)}`.replace(/[0-9]/g, (d) =>
    String.fromCharCode(97 + Number(d)),
  );
  return `Guild ${letters}`.slice(0, 30);
}

/** Gives a player what founding a guild costs. */
export function fundFounding(p: Player, amount = 1000): void {
  setLoot(p.loaded, LootId.Iron, amount);
  setLoot(p.loaded, LootId.Fish, amount);
  setLoot(p.loaded, LootId.Wood, amount);
}

/** `leader` founds a guild; its id. */
export async function foundGuild(leader: Player, name = guildName()): Promise<number> {
  fundFounding(leader);
  const since = mark(leader);
  expect(await toastFor(leader, () => leader.client.send("createGuild", { name }))).toBe(
    `You founded ${name}.`,
  );
  const g = await leader.client.next("guild", (m) => m.guild?.name === name, { since });
  return g.guild?.id ?? 0;
}

/** `leader` invites `member`, who accepts and gets the Guild channel. */
export async function joinGuild(leader: Player, member: Player, guildId: number): Promise<void> {
  const invited = member.client.next("toast", (m) => m.text.includes("invited you"), {
    since: mark(member),
  });
  expect(
    await toastFor(leader, () => leader.client.send("guildInvite", { name: member.name })),
  ).toBe(`You invited ${member.name}.`);
  await invited;
  const since = mark(member);
  expect(
    await toastFor(member, () => member.client.send("guildInviteAccept", { guildId })),
  ).toMatch(/^You joined /);
  await member.client.next("channels", (m) => m.channels.includes(ChatChannel.Guild), { since });
}
