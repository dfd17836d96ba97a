import { ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { SETTINGS_TEXTS as TX } from "../../../../src/shared/schemas/settings";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card";

export function SecurityCard({ logout }: { logout: ReactNode }) {
  return (
    <Card data-testid="security-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-4 text-primary" aria-hidden />
          {TX.securityTitle}
        </CardTitle>
        <CardDescription>{TX.securityDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-center justify-between gap-3 rounded-lg border bg-muted/30 p-3 text-sm">
          <span className="font-medium">{TX.signInMethod}</span>
          <Badge variant="success">{TX.signInActive}</Badge>
        </div>
      </CardContent>
      <CardFooter>{logout}</CardFooter>
    </Card>
  );
}
