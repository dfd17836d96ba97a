import { formatInTimeZone } from "date-fns-tz";
import { isValidInstant } from "@shared/calendar-time";
import { type ApiCampaign, type ApiFunnelStep, triggerLabel } from "@shared/schemas/campaigns";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import { ROME_TZ } from "@shared/rome-time";
import type { BadgeProps } from "@web/components/ui/badge";

// Instants are stored in UTC; people read them in Italy: "29/03/2026 alle 10:00".
export function romeDateTime(iso: string): string {
  return isValidInstant(iso) ? formatInTimeZone(iso, ROME_TZ, "dd/MM/yyyy 'alle' HH:mm") : iso;
}

export const stepTriggerText = (step: Pick<ApiFunnelStep, "triggerType" | "triggerValue" | "triggerUnit" | "triggerDate">) => triggerLabel(step, romeDateTime);

export const clockText = (hour: number, minute: number) => `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;

// Only "active" sends; pending (never activated) and paused both read as paused, a finished broadcast as done.
export function statusBadge(campaign: Pick<ApiCampaign, "status">): { label: string; variant: BadgeProps["variant"] } {
  if (campaign.status === "active") return { label: TX.active, variant: "success" };
  if (campaign.status === "completed") return { label: TX.completed, variant: "secondary" };
  return { label: TX.paused, variant: "warning" };
}
