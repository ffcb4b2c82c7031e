import { useShell } from "../../app/shellContext";
import { TownScreen } from "./TownScreen";

/** /town wired to the shell: zone clicks go to actions.selectZone / actions.setActionType. */
export function TownPage() {
  const { model, actions } = useShell();
  return (
    <TownScreen
      zone={model?.zone ?? null}
      actionType={model?.actionType ?? null}
      onSelectZone={actions.selectZone}
      onSelectGathering={actions.setActionType}
    />
  );
}
