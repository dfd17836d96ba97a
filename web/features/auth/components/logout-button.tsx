import { LogOut } from "lucide-react";
import { AUTH_TEXTS } from "@shared/texts/auth";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { toast } from "@web/lib/toast-store";
import { useLogout } from "../api/logout";

export function LogoutButton({ className }: { className?: string }) {
  const logoutMutation = useLogout({
    onSuccess: () => toast({ title: T.logoutSuccessTitle, description: T.logoutSuccess, variant: "success" }),
  });
  return (
    <Button variant="ghost" size="sm" className={className} disabled={logoutMutation.isPending} onClick={() => logoutMutation.mutate()}>
      <LogOut aria-hidden />
      {AUTH_TEXTS.logout}
    </Button>
  );
}
