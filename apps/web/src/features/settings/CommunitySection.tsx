import { useGameStore } from "../../store/gameStore";
import { SettingsSection } from "./controls";

/** Settings, community chat server: the address the operator set (`COMMUNITY_CHAT_URL`). */
export function CommunitySection() {
  const url = useGameStore((s) => s.notifications.communityChatUrl);
  if (url === "") return null;
  return (
    <SettingsSection
      id="community"
      title="Community"
      description="Meet the other mages, ask for help and hear about updates."
    >
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="btn btn-primary"
        data-testid="community-link"
      >
        Join the community chat server
      </a>
    </SettingsSection>
  );
}
