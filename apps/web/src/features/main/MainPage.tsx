import { isGatherAction } from "@manaspire/game";
import type { BattleResult, GatherResult, PlayerState } from "@manaspire/protocol";
import { lazy, memo, Suspense } from "react";
import { useShell } from "../../app/shellContext";
import type { ResourceKey, ShellActions, ShellModel, SkillKey } from "../../app/shellModel";
import { useDocumentTitle } from "../../app/useDocumentTitle";
import { useDeferredState } from "../../store/deferredRender";
import { useGameStore } from "../../store/gameStore";
import { BattleView } from "../battle/BattleView";
import { mainEventView } from "../events/eventModel";
import { MainLoading } from "./MainLoading";
import { mainViewTitle } from "./mainViewTitle";
import { OutOfActions } from "./OutOfActions";
import { QuestCard } from "./QuestCard";

const GATHER_KEYS = {
  2: { skill: "mining", resource: "iron" },
  3: { skill: "fishing", resource: "fish" },
  4: { skill: "woodcutting", resource: "wood" },
} as const satisfies Record<number, { skill: SkillKey; resource: ResourceKey }>;

/** Only for a mage who gathers: its own chunk. */
const GatheringView = lazy(async () => ({
  default: (await import("../gathering/GatheringView")).GatheringView,
}));

/** The event views: their own chunk, loaded when the player is in a rift. */
const MainEventView = lazy(async () => ({
  default: (await import("../events/MainEventView")).MainEventView,
}));

/**
 * "/": the battle view for None/Battle, the gathering view for the three gathering skills;
 * a player who joined a running event sees the event's view instead (spec 000 "Main view").
 */
export function MainPage() {
  const { model, actions } = useShell();
  // Like the shell's model (ShellDataProvider), the view follows the store in a transition:
  // a battle result mounts its card and loot in slices, not in one long task. MainView is
  // memoised, so the urgent pass (the old values) renders nothing again.
  const player = useDeferredState(useGameStore((state) => state.player));
  const battle = useDeferredState(useGameStore((state) => state.battle));
  const gather = useDeferredState(useGameStore((state) => state.gather));
  const eventView = useGameStore((state) => mainEventView(state.events.state));
  useDocumentTitle(model ? mainViewTitle(model.actionType, model.actions) : null);

  if (!model || !player) return <MainLoading />;
  if (eventView) {
    return (
      <div className="mx-auto w-full max-w-4xl space-y-4">
        <Suspense fallback={<MainLoading />}>
          <MainEventView view={eventView} />
        </Suspense>
      </div>
    );
  }
  return (
    <MainView model={model} actions={actions} player={player} battle={battle} gather={gather} />
  );
}

interface MainViewProps {
  model: ShellModel;
  actions: ShellActions;
  player: PlayerState;
  battle: BattleResult | null;
  gather: GatherResult | null;
}

const MainView = memo(function MainView({ model, actions, player, battle, gather }: MainViewProps) {
  const action = model.actionType;
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      {model.actions <= 0 ? (
        <OutOfActions onRefresh={actions.refreshActions}>
          Your mage is out of actions ({model.actions} / {model.maxActions}) and rests until you
          refresh them.
        </OutOfActions>
      ) : null}
      {isGatherAction(action) ? (
        <Suspense fallback={<MainLoading />}>
          <GatheringView
            action={action}
            skill={model.skills[GATHER_KEYS[action].skill]}
            held={model.resources[GATHER_KEYS[action].resource].amount}
            result={gather}
          />
        </Suspense>
      ) : (
        <BattleView playerName={model.playerName} player={player} result={battle} />
      )}
      <QuestCard quest={model.quest} actionType={action} onComplete={actions.completeQuest} />
    </div>
  );
});
