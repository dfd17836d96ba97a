import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeading } from "@web/components/ui/card";

// A panel of the admin page: its icon and title, a line on what it does, then its content.
export function AdminCard({ icon: Icon, title, description, testId, children }: { icon: LucideIcon; title: string; description: string; testId: string; children: ReactNode }) {
  return (
    <Card className="min-w-0" data-testid={testId}>
      <CardHeading icon={<Icon className="size-4 text-primary" aria-hidden />} title={title} description={description} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}
