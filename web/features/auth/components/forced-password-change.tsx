import { AUTH_TEXTS as PX } from "@shared/texts/auth";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@web/components/ui/card";
import { ChangePasswordForm } from "./change-password-form";
import { LogoutButton } from "./logout-button";

// After an administrator's reset the console opens only once the user has chosen a new password.
export function ForcedPasswordChange() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md" data-testid="forced-password-change">
        <CardHeader>
          <CardTitle>{PX.forcedTitle}</CardTitle>
          <CardDescription>{PX.forcedDescription}</CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm />
        </CardContent>
        <CardFooter>
          <LogoutButton />
        </CardFooter>
      </Card>
    </main>
  );
}
