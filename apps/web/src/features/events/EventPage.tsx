import { RiftType } from "@manaspire/game";
import { useEffect, useState } from "react";
import { Dialog } from "../../components/Dialog";
import { EventIcon } from "../../components/icons/placeIcons";
import { RefreshIcon } from "../../components/icons/uiIcons";
import { Num } from "../../components/Num";
import { PageTitle } from "../../components/PageTitle";
import { useGameStore } from "../../store/gameStore";
import type { EventsState } from "../../store/slices/events";
import { useNow } from "../farm/useNow";
import { EventPlayersTable } from "./EventPlayersTable";
import { eventActions } from "./eventActions";
import { offersRiftJoin, ticksLeft, untilText } from "./eventModel";
import { RiftView } from "./RiftView";
import { SiphonView } from "./SiphonView";

/**
 * /event (spec 000 sections 2-4): the Elemental Rift (queue with 'Starting in N ticks' and
 * Leave Queue, then the event view with View Players / View Event), the Rift of Power
 * (join/siphon view), and between events the next event times, the last rift's bosses and
 * resources and its player table.
 */
export function EventPage() {
  const events = useGameStore((s) => s.events);
  const self = useGameStore((s) => s.player?.name ?? "");
  const now = useNow(1000);
  const [showPlayers, setShowPlayers] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const connected = useGameStore((s) => s.connection.status === "connected");
  const state = events.state;
  const phase = `${state?.eventType ?? -1}:${state?.started ?? false}`;
  // Asked on opening (once connected) and when the event's phase changes (an ended rift's
  // Event Points), and by Refresh (spec: getEventPlayers on connect and by Refresh).
  useEffect(() => {
    if (connected && phase) eventActions.refresh();
  }, [connected, phase]);
  const ticks = ticksLeft(state, now);
  const type = state?.eventType ?? RiftType.None;

  return (
    <div className="mx-auto w-full max-w-4xl space-y-4" data-testid="event-page">
      <PageTitle subtitle="Timed rifts open over the world: fight and gather together, or siphon their power.">
        Events
      </PageTitle>
      {!state ? (
        <div className="skeleton h-40" aria-busy="true" />
      ) : type === RiftType.RiftOfPower ? (
        <SiphonView
          ticks={ticks}
          joined={state.joined}
          siphoning={state.siphoning}
          successes={state.successCount}
          siphons={events.siphons}
        />
      ) : type === RiftType.ElementalRift && !state.started ? (
        <section className="panel px-4 py-5 text-center sm:px-6" data-testid="rift-queue">
          <EventIcon className="mx-auto size-10 animate-pulse-soft text-gold" />
          <h2 className="mt-2 font-display text-xl font-bold text-ink">Elemental Rift</h2>
          <p className="mt-1 text-lg text-gold" data-testid="rift-starting">
            Starting in {ticks} ticks
          </p>
          <p className="mt-1 text-sm text-ink-muted">
            {state.queue.toLocaleString("en-US")} {state.queue === 1 ? "mage" : "mages"} in the
            queue.
          </p>
          <div className="mt-4 flex justify-center">
            {state.joined ? (
              <button
                type="button"
                className="btn btn-ghost border border-edge"
                onClick={() => setConfirmLeave(true)}
              >
                Leave Queue
              </button>
            ) : (
              <button type="button" className="btn btn-primary" onClick={eventActions.join}>
                Join Queue
              </button>
            )}
          </div>
        </section>
      ) : type === RiftType.ElementalRift ? (
        <RunningRift
          events={events}
          self={self}
          ticks={ticks}
          showPlayers={showPlayers}
          onToggle={() => {
            if (!showPlayers) eventActions.refresh();
            setShowPlayers((v) => !v);
          }}
        />
      ) : (
        <BetweenEvents events={events} self={self} now={now} />
      )}
      <Dialog
        open={confirmLeave}
        title="Leave the queue?"
        onCancel={() => setConfirmLeave(false)}
        onConfirm={() => {
          setConfirmLeave(false);
          eventActions.leaveQueue();
        }}
      >
        You will not take part in this Elemental Rift unless you join its queue again.
      </Dialog>
    </div>
  );
}

function RunningRift({
  events,
  self,
  ticks,
  showPlayers,
  onToggle,
}: {
  events: EventsState;
  self: string;
  ticks: number;
  showPlayers: boolean;
  onToggle: () => void;
}) {
  const state = events.state;
  const rift = events.rift;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {state?.joined ? (
          <p className="text-sm text-ink-muted">You are in the rift.</p>
        ) : offersRiftJoin(state) ? (
          <button type="button" className="btn btn-primary" onClick={eventActions.join}>
            Join the Elemental Rift
          </button>
        ) : (
          <p className="text-sm text-ink-muted">This Elemental Rift has ended.</p>
        )}
        <div className="flex gap-2">
          <button type="button" className="btn btn-ghost border border-edge" onClick={onToggle}>
            {showPlayers ? "View Event" : "View Players"}
          </button>
          {showPlayers ? <RefreshButton /> : null}
        </div>
      </div>
      {showPlayers ? (
        <section className="panel px-4 py-3">
          <EventPlayersTable rows={events.players ?? []} self={self} />
        </section>
      ) : rift ? (
        <RiftView rift={rift} ticks={ticks} />
      ) : (
        <div className="skeleton h-40" aria-busy="true" />
      )}
    </>
  );
}

function RefreshButton() {
  return (
    <button
      type="button"
      className="btn btn-ghost border border-edge"
      onClick={eventActions.refresh}
    >
      <RefreshIcon className="size-4" />
      Refresh
    </button>
  );
}

function BetweenEvents({ events, self, now }: { events: EventsState; self: string; now: number }) {
  const time = events.time;
  const serverNow = now + (time?.offsetMs ?? 0);
  const rift = events.rift;
  return (
    <>
      <section
        className="panel grid gap-3 px-4 py-4 sm:grid-cols-2 sm:px-5"
        data-testid="next-events"
      >
        <NextEvent label="Next Elemental Rift" at={time?.nextElementalRift ?? 0} now={serverNow} />
        <NextEvent label="Next Rift of Power" at={time?.nextRiftOfPower ?? 0} now={serverNow} />
      </section>
      <section className="panel px-4 py-4 sm:px-5" data-testid="last-rift">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 className="panel-title">Last Elemental Rift</h2>
          <RefreshButton />
        </div>
        {rift ? (
          <>
            <dl className="grid grid-cols-2 gap-2 text-xs sm:grid-cols-4">
              <Total label="Bosses defeated" value={rift.bossesDefeated} />
              <Total label="Iron" value={rift.iron} />
              <Total label="Fish" value={rift.fish} />
              <Total label="Wood" value={rift.wood} />
            </dl>
            <div className="mt-4">
              <EventPlayersTable rows={events.players ?? []} self={self} />
            </div>
          </>
        ) : (
          <p className="text-sm text-ink-muted">No Elemental Rift has opened in this world yet.</p>
        )}
      </section>
    </>
  );
}

function NextEvent({ label, at, now }: { label: string; at: number; now: number }) {
  return (
    <div>
      <p className="text-[0.68rem] tracking-wider text-ink-faint uppercase">{label}</p>
      {at > 0 ? (
        <p className="font-semibold text-ink">
          {new Date(at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}{" "}
          <span className="text-sm font-normal text-ink-muted">({untilText(at, now)})</span>
        </p>
      ) : (
        <p className="text-ink-muted">Not scheduled yet</p>
      )}
    </div>
  );
}

function Total({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg bg-night-950/50 px-2 py-1.5">
      <dt className="text-[0.62rem] tracking-wider text-ink-faint uppercase">{label}</dt>
      <dd className="text-base font-semibold text-ink">
        <Num value={value} />
      </dd>
    </div>
  );
}
