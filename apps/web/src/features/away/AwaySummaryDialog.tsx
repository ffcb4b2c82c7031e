import type { AwaySummary } from "@manaspire/protocol";
import type { ReactNode } from "react";
import { Num } from "../../components/Num";
import { cx } from "../../lib/cx";
import { rarityClass } from "../../lib/rarity";
import { formatAbsence, lootLines, skillName } from "./awayModel";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-4">
      <h3 className="panel-title mb-1.5">{title}</h3>
      {children}
    </section>
  );
}

const time = (at: number) =>
  new Date(at).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });

/** The summary's content (its own chunk: loaded only when there is a summary). */
export function AwaySummaryBody({ summary: s }: { summary: AwaySummary }) {
  const loot = lootLines(s.loot);
  return (
    <section
      // A region that scrolls must be reachable from the keyboard.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a focusable scrolling region
      tabIndex={0}
      aria-label="Summary"
      className="-mx-1 max-h-[60vh] overflow-y-auto px-1 text-ink"
      data-testid="away-summary"
    >
      <p className="text-ink-muted">
        You were away for {formatAbsence(s.until - s.since)}. Your mage kept going.
      </p>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
        <Stat label="Actions spent" value={s.actions} />
        <Stat label="Battles won" value={s.battlesWon} className="text-success" />
        <Stat label="Battles lost" value={s.battlesLost} className="text-danger" />
      </dl>
      {s.skills.length > 0 ? (
        <Section title="Experience">
          <ul className="space-y-1">
            {s.skills.map((k) => (
              <li key={k.skill} className="flex flex-wrap justify-between gap-x-3">
                <span>{skillName(k.skill)}</span>
                <span className="tabular-nums">
                  +<Num value={k.experience} /> XP
                  {k.levelAfter > k.levelBefore ? (
                    <span className="ml-2 font-semibold text-gold">
                      Lv {k.levelBefore} → {k.levelAfter}
                    </span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {loot.length > 0 ? (
        <Section title="Loot and currencies">
          <ul className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
            {loot.map((l) => (
              <li key={l.id} className="flex justify-between gap-3">
                <span className={rarityClass(l.rarity)}>{l.name}</span>
                <span className={cx("tabular-nums", l.change < 0 ? "text-danger" : "text-success")}>
                  {l.change > 0 ? "+" : "−"}
                  <Num value={Math.abs(l.change)} />
                </span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {s.itemsFound > 0 ? (
        <Section title={`Items found (${s.itemsFound})`}>
          <ul className="space-y-0.5">
            {s.items.map((item) => (
              <li key={item.id} className="flex justify-between gap-3">
                <span className={rarityClass(item.rarity)}>{item.name}</span>
                <span className="text-ink-muted tabular-nums">Lv {item.level}</span>
              </li>
            ))}
          </ul>
          {s.itemsFound > s.items.length ? (
            <p className="mt-1 text-xs text-ink-muted">
              and {s.itemsFound - s.items.length} more in your inventory.
            </p>
          ) : null}
        </Section>
      ) : null}
      {s.eventsTotal > 0 ? (
        <Section title="Market and transfers">
          <LogLines entries={s.events} total={s.eventsTotal} />
        </Section>
      ) : null}
      {s.whispersTotal > 0 ? (
        <Section title={`Whispers received (${s.whispersTotal})`}>
          <LogLines entries={s.whispers} total={s.whispersTotal} />
        </Section>
      ) : null}
    </section>
  );
}

function Stat({ label, value, className }: { label: string; value: number; className?: string }) {
  return (
    <div className="rounded-lg border border-edge bg-night-900/60 px-2 py-2">
      <dt className="text-xs text-ink-muted">{label}</dt>
      <dd className={cx("text-lg font-bold tabular-nums", className ?? "text-ink")}>
        <Num value={value} />
      </dd>
    </div>
  );
}

function LogLines({ entries, total }: { entries: AwaySummary["events"]; total: number }) {
  return (
    <>
      <ul className="space-y-1">
        {entries.map((e) => (
          <li key={`${e.timestamp}-${e.text}`} className="flex gap-2">
            <span className="shrink-0 text-xs leading-5 text-ink-muted tabular-nums">
              {time(e.timestamp)}
            </span>
            <span className="min-w-0 break-words">{e.text}</span>
          </li>
        ))}
      </ul>
      {total > entries.length ? (
        <p className="mt-1 text-xs text-ink-muted">
          and {total - entries.length} more in the activity log.
        </p>
      ) : null}
    </>
  );
}
