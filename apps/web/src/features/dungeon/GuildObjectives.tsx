import { CheckIcon } from "../../components/icons/uiIcons";
import type { GuildFloor } from "./guildDungeonModel";

/** The floor's objectives (shared by the guild): what is asked and which member did it. */
export function GuildObjectives({ floor }: { floor: GuildFloor }) {
  return (
    <ol className="space-y-1.5" data-testid="guild-objectives">
      {floor.objectives.map((o) => {
        const done = o.by !== undefined;
        return (
          <li
            key={o.id}
            className="flex items-start gap-2 text-sm"
            data-testid={`guild-objective-${o.id}`}
            data-done={done ? "true" : "false"}
          >
            <span
              aria-hidden="true"
              className={`mt-0.5 grid size-5 shrink-0 place-items-center rounded-full border ${
                done ? "border-success bg-success/20 text-success" : "border-edge text-ink-muted"
              }`}
            >
              {done ? <CheckIcon className="size-3.5" /> : null}
            </span>
            <span className="min-w-0">
              <span className={done ? "text-ink-muted line-through" : "text-ink"}>{o.text}</span>
              <span className="block text-xs text-ink-muted">
                {done ? `Completed by ${o.by}` : "Not done yet"}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
