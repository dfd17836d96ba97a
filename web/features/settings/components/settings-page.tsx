import { useEffect, type ReactNode } from "react";
import { CardSkeletons } from "@web/components/card-skeletons";
import { T } from "@shared/strings";
import { useSettings } from "../api/get-settings";
import { handledUnauthorized } from "../lib/unauthorized";
import { ProfileCard } from "./profile-card";
import { SecurityCard } from "./security-card";
import { TokensCard } from "./tokens-card";
import { TwilioCard } from "./twilio-card";
import { LoadErrorState } from "@web/components/load-error-state";

// `skills` holds the cards of the agent's skills, which belong to other features.
export function SettingsPage({ logout, changePassword, skills }: { logout: ReactNode; changePassword?: ReactNode; skills?: ReactNode }) {
  const settings = useSettings();

  useEffect(() => {
    if (settings.isError) handledUnauthorized(settings.error);
  }, [settings.isError, settings.error]);

  if (settings.isPending) {
    return <CardSkeletons count={4} cardClassName="h-48" className="lg:grid-cols-2" />;
  }
  if (settings.isError || !settings.data) {
    return <LoadErrorState title={T.unauthorized} onRetry={settings.refetch} />;
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ProfileCard profile={settings.data.profile} />
      <TwilioCard key={settings.data.activeTwilioAccountId ?? ""} settings={settings.data} />
      <TokensCard />
      <SecurityCard logout={logout} changePassword={changePassword} />
      {skills}
    </div>
  );
}
