import { PageTitle } from "../../components/PageTitle";
import { GAME_RULES } from "./gameRules";

/** /rules: the Game Rules page listing the 7 rules. */
export function RulesPage() {
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageTitle subtitle="Posted on the Notice Board in town. Breaking them can lead to a mute, a reset or a ban.">
        Game Rules
      </PageTitle>
      <ol className="space-y-3">
        {GAME_RULES.map((rule, index) => (
          <li key={rule.title} className="panel flex gap-4 px-4 py-4 sm:px-5">
            <span className="grid size-9 shrink-0 place-items-center rounded-full border border-gold/50 bg-gold/10 font-display text-base font-bold text-gold">
              {index + 1}
            </span>
            <div className="min-w-0">
              <h2 className="text-base font-bold text-ink sm:text-lg">{rule.title}</h2>
              <p className="mt-1 text-sm leading-relaxed text-ink-muted">{rule.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
