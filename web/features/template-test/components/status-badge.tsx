import { TEMPLATE_TEST_TEXTS as TX } from "@shared/texts/template-test";
import { Badge, type BadgeProps } from "@web/components/ui/badge";
import { statusTone, type StatusTone } from "../lib/template-test";

const VARIANTS: Record<StatusTone, BadgeProps["variant"]> = {
  green: "success",
  yellow: "warning",
  red: "destructive",
  grey: "secondary",
};

export function TemplateStatusBadge({ status }: { status: string }) {
  const tone = statusTone(status);
  return (
    <Badge variant={VARIANTS[tone]} data-tone={tone} data-testid="template-status">
      {TX.statusLabels[status] ?? status}
    </Badge>
  );
}
