import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";

// A panel of the admin page: its icon and title, a line on what it does, then its content.
export function AdminCard({ icon: Icon, title, description, testId, children }: { icon: LucideIcon; title: string; description: string; testId: string; children: ReactNode }) {
  return (
    <Card className="min-w-0" data-testid={testId}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-4 text-primary" aria-hidden />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
