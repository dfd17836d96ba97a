import { Banknote, Briefcase, CircleCheck, CircleX, Clock, FilePen, FileText, PenTool, ShoppingCart, Wrench, type LucideIcon } from "lucide-react";
import { CATEGORY_LABELS } from "@shared/constants";
import { TEMPLATE_KIND_BADGES, TEMPLATE_STATUS_LABELS } from "@shared/texts/templates";
import { Badge, type BadgeProps } from "@web/components/ui/badge";

export const CATEGORY_ICONS: Record<string, LucideIcon> = {
  loans: Banknote,
  stationery: PenTool,
  agency: Briefcase,
  ecommerce: ShoppingCart,
  services: Wrench,
};

const STATUS_LOOK: Record<string, { icon: LucideIcon; variant: BadgeProps["variant"] }> = {
  approved: { icon: CircleCheck, variant: "success" },
  pending: { icon: Clock, variant: "warning" },
  rejected: { icon: CircleX, variant: "destructive" },
  draft: { icon: FilePen, variant: "secondary" },
};

export function CategoryIcon({ category, className }: { category: string; className?: string }) {
  const Icon = CATEGORY_ICONS[category] ?? FileText;
  return <Icon className={className} aria-hidden />;
}

export function CategoryBadge({ category }: { category: string }) {
  return <Badge variant="outline">{CATEGORY_LABELS[category] ?? category}</Badge>;
}

// Approved green, pending yellow, rejected red, anything else grey.
export function TemplateStatusBadge({ status }: { status: string }) {
  const look = STATUS_LOOK[status] ?? { icon: FileText, variant: "secondary" as const };
  const Icon = look.icon;
  return (
    <Badge variant={look.variant} data-testid="template-status" data-status={status}>
      <Icon aria-hidden />
      {TEMPLATE_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

// The kind of a template that is more than text: Media, Pulsanti, Call to action or Card.
export function TemplateKindBadge({ kind }: { kind: string | null | undefined }) {
  const label = kind ? TEMPLATE_KIND_BADGES[kind] : undefined;
  if (!label) return null;
  return (
    <Badge variant="secondary" data-testid="template-kind" data-kind={kind}>
      {label}
    </Badge>
  );
}
