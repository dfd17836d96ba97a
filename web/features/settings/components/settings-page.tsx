import { useEffect, type ReactNode } from "react";
import { T } from "../../../../src/shared/strings";
import { EmptyState } from "../../../components/empty-state";
import { Button } from "../../../components/ui/button";
import { useSettings } from "../api/get-settings";
import { handledUnauthorized } from "../lib/unauthorized";
import { ProfileCard } from "./profile-card";
import { SecurityCard } from "./security-card";
import { TokensCard } from "./tokens-card";
import { TwilioCard } from "./twilio-card";

// `skills` holds the cards of the agent's skills, which belong to other features.
export function SettingsPage({ logout, skills }: { logout: ReactNode; skills?: ReactNode }) {
  const settings = useSettings();

  useEffect(() => {
    if (settings.isError) handledUnauthorized(settings.error);
  }, [settings.isError, settings.error]);

  if (settings.isPending) {
    return (
      <div className="grid gap-4 lg:grid-cols-2" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-48 animate-pulse rounded-xl border bg-card" />
        ))}
      </div>
    );
  }
  if (settings.isError || !settings.data) {
    return (
      <EmptyState title={T.unauthorized}>
        <Button variant="outline" onClick={() => void settings.refetch()}>
          {T.retry}
        </Button>
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ProfileCard profile={settings.data.profile} />
      <TwilioCard settings={settings.data} />
      <TokensCard />
      <SecurityCard logout={logout} />
      {skills}
    </div>
  );
}
