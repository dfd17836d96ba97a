import { ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { AUTH_TEXTS as PX } from "@shared/texts/auth";
import { SETTINGS_TEXTS as TX } from "@shared/texts/settings";
import { T } from "@shared/strings";
import { Badge } from "@web/components/ui/badge";
import { Card, CardContent, CardFooter, CardHeading } from "@web/components/ui/card";

// `changePassword` is the auth feature's form, placed here by the route.
export function SecurityCard({ logout, changePassword }: { logout: ReactNode; changePassword?: ReactNode }) {
  return (
    <Card data-testid="security-card">
      <CardHeading icon={<ShieldCheck className="size-4 text-primary" aria-hidden />} title={TX.securityTitle} description={TX.securityDescription} />
      <CardContent>
        <div className="flex items-center justify-between gap-3 rounded-lg border bg-muted/30 p-3 text-sm">
          <span className="font-medium">{TX.signInMethod}</span>
          <Badge variant="success">{T.active}</Badge>
        </div>
        {changePassword ? (
          <section className="mt-4 grid gap-2 border-t pt-4" aria-label={PX.changeTitle}>
            <h3 className="text-sm font-semibold">{PX.changeTitle}</h3>
            <p className="text-xs text-muted-foreground">{PX.changeDescription}</p>
            {changePassword}
          </section>
        ) : null}
      </CardContent>
      <CardFooter>{logout}</CardFooter>
    </Card>
  );
}
