import { lazy, memo, Suspense } from "react";
import { Outlet } from "react-router";
import { AwaySummaryHost } from "../../features/away/AwaySummaryHost";
import { clearLootTracker } from "../../features/loot/lootActions";
import { useDeferredState } from "../../store/deferredRender";
import { useGameStore } from "../../store/gameStore";
import { usePendingScreens } from "../lazyScreen";
import { PageLoading } from "../PageLoading";
import { ShellDataProvider } from "../ShellDataProvider";
import { useShell } from "../shellContext";
import { ChatBoxRegion } from "./ChatBoxRegion";
import { KeyboardShortcuts } from "./KeyboardShortcuts";
import { LootTrackerPanel } from "./LootTrackerPanel";
import { RequireToken } from "./RequireToken";
import { StatusPanel } from "./status/StatusPanel";
import { TopBar } from "./TopBar";

/** The signed-in shell: top bar, status panel, content outlet, loot tracker, chat box. */
export function MainLayout() {
  return (
    <RequireToken>
      <ShellDataProvider>
        <ShellFrame />
      </ShellDataProvider>
    </RequireToken>
  );
}

/** Keeps this browser's push device in step (its own chunk: nothing on screen waits for it). */
const PushDeviceSync = lazy(async () => ({
  default: (await import("../../features/settings/push/pushDevice")).PushDeviceSync,
}));

/** Memoised: the urgent pass of a store update (the deferred old lines) renders nothing. */
const LootTracker = memo(LootTrackerPanel);

function ShellFrame() {
  const { model, actions } = useShell();
  // New loot lines render in a transition (sliced), like the rest of the shell's state.
  const lootTracker = useDeferredState(useGameStore((state) => state.lootTracker));
  // A screen's code loading on its first visit: a thin bar under the top bar says so.
  const loading = usePendingScreens((s) => s.count > 0);
  return (
    <div className="flex h-dvh flex-col">
      <a
        href="#game"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[80] focus:rounded-lg focus:bg-night-800 focus:px-4 focus:py-3 focus:text-ink focus:ring-2 focus:ring-primary-bright"
      >
        Skip to game
      </a>
      <Suspense fallback={null}>
        <PushDeviceSync />
      </Suspense>
      <TopBar />
      <div aria-hidden className="relative h-0">
        {loading && (
          <div
            data-testid="route-loading"
            className="absolute inset-x-0 top-0 z-30 h-0.5 animate-pulse bg-violet-400"
          />
        )}
      </div>
      {/* `relative`: absolutely placed descendants (sr-only labels) stay inside this scrolling
          region; without a positioned ancestor they stretched the page itself, which then
          scrolled the top bar away on a phone. */}
      <div className="relative min-h-0 flex-1 overflow-y-auto lg:grid lg:grid-cols-[15rem_minmax(0,1fr)_15rem] lg:overflow-hidden xl:grid-cols-[17rem_minmax(0,1fr)_16rem] 2xl:grid-cols-[18rem_minmax(0,1fr)_18rem]">
        <aside aria-label="Status" className="p-3 lg:overflow-y-auto lg:pr-0">
          <StatusPanel model={model} actions={actions} />
        </aside>
        <main
          id="game"
          // The skip link's target, and a region that scrolls on wide screens: focusable.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a focusable scrolling region
          tabIndex={0}
          className="@container px-3 py-2 outline-none focus-visible:ring-2 focus-visible:ring-primary-bright/60 focus-visible:ring-inset lg:overflow-y-auto lg:px-5 lg:py-4"
        >
          <Suspense fallback={<PageLoading inShell />}>
            <Outlet />
          </Suspense>
        </main>
        <aside className="p-3 lg:overflow-y-auto lg:pl-0">
          <LootTracker entries={lootTracker} onClear={clearLootTracker} />
        </aside>
      </div>
      <ChatBoxRegion />
      <KeyboardShortcuts />
      <AwaySummaryHost />
    </div>
  );
}
