import { useMediaQuery } from "../../lib/useMediaQuery";
import { effectiveTooltipMode, type TooltipMode } from "./localSettings";
import { useLocalSettings } from "./settingsStore";

/** The tooltip mode to use now: the local setting, or click on touch devices. */
export function useTooltipMode(): TooltipMode {
  const settings = useLocalSettings();
  const touch = useMediaQuery("(hover: none)");
  return effectiveTooltipMode(settings, touch);
}
