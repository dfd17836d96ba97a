import { CalendarClock, MessageSquare, Pencil, RefreshCw, Trash, Users } from "lucide-react";
import { formatRomeDateTime, pad2 } from "@shared/rome-format";
import { type ApiLeadSource, CALENDAR_TYPE_LABELS, LEAD_SOURCE_TYPE_LABELS, PULLED_SOURCE_TYPES, WEEK_DAYS } from "@shared/schemas/lead-sources";
import { T } from "@shared/strings";
import { LEAD_TEXTS as TX } from "@shared/texts/leads";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardFooter, CardTitle } from "@web/components/ui/card";
import { toast } from "@web/lib/toast-store";
import { useDeleteLeadSource } from "../api/delete-lead-source";

export function LeadSourceCard({ source, onEdit, onShowLeads }: { source: ApiLeadSource; onEdit: () => void; onShowLeads: () => void }) {
  const removal = useDeleteLeadSource({ onSuccess: () => toast({ title: TX.sourceDeleted, description: source.name, variant: "success" }) });
  const remove = () => {
    if (window.confirm(TX.deleteSourceConfirm(source.name))) removal.mutate(source.id);
  };
  const days = WEEK_DAYS.filter((d) => source.selectedDays.includes(d.value)).map((d) => d.label);
  const schedule = [
    source.calendarType ? CALENDAR_TYPE_LABELS[source.calendarType] : null,
    `${pad2(source.calendarHour)}:${pad2(source.calendarMinute)}`,
    days.length ? days.join(" ") : null,
    source.specificDate,
  ]
    .filter(Boolean)
    .join(" · ");

  return (
    <Card data-testid="lead-source-card" className="flex min-w-0 flex-col">
      <div className="p-5 pb-3">
        <CardTitle className="break-words">{source.name}</CardTitle>
        <div className="mt-1.5 flex flex-wrap gap-1.5">
          <Badge variant="outline">{LEAD_SOURCE_TYPE_LABELS[source.type] ?? source.type}</Badge>
          <Badge variant={source.isActive ? "success" : "secondary"}>{source.isActive ? TX.active : TX.inactive}</Badge>
          {source.autoResponse && source.templateId ? <Badge>{TX.autoResponseOn}</Badge> : null}
        </div>
      </div>
      <CardContent className="grid flex-1 grid-cols-[minmax(0,1fr)] content-start gap-1.5 text-sm">
        <p className="flex items-center gap-2">
          <Users className="size-4 text-muted-foreground" aria-hidden />
          {TX.total(source.leadCount)}
        </p>
        <p className="flex items-center gap-2 text-muted-foreground">
          <MessageSquare className="size-4 shrink-0" aria-hidden />
          <span className="truncate">{source.templateName ?? TX.noTemplate}</span>
        </p>
        {source.webhook ? (
          <div className="grid gap-1 rounded-lg border border-dashed p-2 text-xs" data-testid="source-webhook">
            <p className="font-medium">{TX.googleSection}</p>
            <p className="text-muted-foreground">{TX.googleHint}</p>
            <p className="break-all">
              <span className="text-muted-foreground">{TX.googleUrl}: </span>
              <code>{`${window.location.origin}${source.webhook.path}`}</code>
            </p>
            <p className="break-all">
              <span className="text-muted-foreground">{TX.googleKey}: </span>
              <code>{source.webhook.key}</code>
            </p>
          </div>
        ) : null}
        {PULLED_SOURCE_TYPES.includes(source.type) ? (
          <div className="grid gap-0.5 text-muted-foreground" data-testid="source-sync">
            <p className="flex items-center gap-2">
              <RefreshCw className="size-4 shrink-0" aria-hidden />
              {source.autoSync ? `${TX.autoSyncLabel} · ${TX.every(source.syncInterval)}` : TX.every(source.syncInterval)}
            </p>
            {source.lastSyncAt ? (
              <p className="text-xs">
                {TX.lastSync(formatRomeDateTime(source.lastSyncAt))}
                {" · "}
                {source.lastSyncResult?.ok === false
                  ? TX.syncFailed(source.lastSyncResult.error ?? "")
                  : source.lastSyncResult
                    ? TX.syncResult(source.lastSyncResult.created, source.lastSyncResult.updated, source.lastSyncResult.invalid)
                    : null}
              </p>
            ) : null}
            {source.nextSyncAt ? <p className="text-xs">{TX.nextSync(formatRomeDateTime(source.nextSyncAt))}</p> : null}
          </div>
        ) : null}
        <p className="flex items-center gap-2 text-muted-foreground">
          <CalendarClock className="size-4 shrink-0" aria-hidden />
          <span className="truncate">
            {schedule} ({source.timezone})
          </span>
        </p>
        {source.talkingSchedules.length ? <p className="text-xs text-muted-foreground">{TX.schedulesCount(source.talkingSchedules.length)}</p> : null}
        {source.plannedSends[0] ? (
          <p className="text-xs text-muted-foreground" data-testid="source-next-send">
            {TX.plannedTitle}: {formatRomeDateTime(source.plannedSends[0].at)}
          </p>
        ) : null}
      </CardContent>
      <CardFooter>
        <Button size="sm" variant="outline" onClick={onShowLeads} data-testid="source-show-leads">
          <Users aria-hidden />
          {TX.viewLeads}
        </Button>
        <Button size="sm" variant="outline" onClick={onEdit}>
          <Pencil aria-hidden />
          {T.edit}
        </Button>
        <Button size="sm" variant="ghost-destructive" onClick={remove} disabled={removal.isPending}>
          <Trash aria-hidden />
          {T.delete}
        </Button>
      </CardFooter>
    </Card>
  );
}
