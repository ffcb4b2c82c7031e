import { type ActionType, lootById, questKind, questReward } from "@manaspire/game";
import { QuestButton } from "../../app/layout/QuestButton";
import { isQuestComplete, type QuestClick, type QuestState } from "../../app/shellModel";
import { Num } from "../../components/Num";
import { ProgressBar } from "../../components/ProgressBar";

/** Progress of the current quest, with Complete Quest once it is done. */
export function QuestCard({
  quest,
  actionType,
  onComplete,
}: {
  quest: QuestState;
  actionType: ActionType;
  onComplete: (click: QuestClick) => void;
}) {
  const battle = questKind(actionType) === "battle";
  const done = isQuestComplete(quest);
  const reward = lootById(questReward(quest.completed).lootId)?.name ?? "Codex";
  const ratio = quest.required > 0 ? quest.progress / quest.required : 0;

  return (
    <section className="panel px-4 py-3.5" aria-label="Quest" data-testid="quest-card">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-3">
            <h2 className="panel-title">{battle ? "Battle Quest" : "Gathering Quest"}</h2>
            <span className="text-xs text-ink-muted tabular-nums">
              <span className="font-semibold text-ink">
                <Num value={Math.min(quest.progress, quest.required)} />
              </span>{" "}
              / <Num value={quest.required} />
            </span>
          </div>
          <ProgressBar
            ratio={ratio}
            className="mt-2 h-2"
            barClassName={done ? "from-gold-dim to-gold" : undefined}
          />
          <p className="mt-1.5 text-xs text-ink-faint">
            {battle ? "Win battles" : "Gather resources"} to earn 1{" "}
            <span className="rarity-5 font-semibold">{reward}</span>. Completed:{" "}
            <Num value={quest.completed} />
          </p>
        </div>
        {done ? <QuestButton onComplete={onComplete} className="hidden lg:inline-flex" /> : null}
      </div>
    </section>
  );
}
