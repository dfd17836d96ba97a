import { LogOut } from "lucide-react";
import { SETTINGS_TEXTS } from "@shared/texts/settings";
import { T } from "@shared/strings";
import { Button } from "../components/ui/button";
import { useLogout } from "../features/auth/api/logout";
import { SavedRepliesCard } from "../features/saved-replies/components/saved-replies-card";
import { ChangePasswordForm } from "../features/auth/components/change-password-form";
import { SettingsPage as SettingsScreen } from "../features/settings/components/settings-page";
import { WeatherCard } from "../features/weather/components/weather-card";
import { BookingHoursCard } from "../features/agent/components/booking-hours-card";
import { toast } from "../lib/toast-store";

// Signing out belongs to the auth feature; the settings screen only shows where the button goes.
function LogoutAction() {
  const logout = useLogout({
    onSuccess: () => toast({ title: T.logoutSuccessTitle, description: T.logoutSuccess, variant: "success" }),
  });
  return (
    <Button variant="destructive" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
      <LogOut aria-hidden />
      {SETTINGS_TEXTS.logout}
    </Button>
  );
}

export function SettingsPage() {
  return (
    <SettingsScreen
      logout={<LogoutAction />}
      changePassword={<ChangePasswordForm />}
      skills={
        <>
          <SavedRepliesCard />
          <WeatherCard />
          <BookingHoursCard />
        </>
      }
    />
  );
}
