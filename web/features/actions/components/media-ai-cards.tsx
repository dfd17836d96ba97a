import { Eye, Mic } from "lucide-react";
import { type ReactNode, useId } from "react";
import { TRANSCRIPTION_MODELS } from "@shared/media";
import { MEDIA_TEXTS as MX } from "@shared/texts/media";
import { ACTIONS_TEXTS as TX } from "@shared/texts/actions";
import { Badge } from "@web/components/ui/badge";
import { Card, CardDescription, CardTitle } from "@web/components/ui/card";
import { NativeSelect } from "@web/components/ui/input";
import { Switch } from "@web/components/ui/switch";
import { toast } from "@web/lib/toast-store";
import { useMediaSettings } from "../api/get-media-settings";
import { useSaveMediaSettings } from "../api/save-media-settings";

// Voice AI (voice-note transcription) and Vision AI (image understanding), on or off per account.
export function MediaAiCards({ twilioAccountId }: { twilioAccountId: string }) {
  const id = useId();
  const settings = useMediaSettings(twilioAccountId);
  const save = useSaveMediaSettings();
  const data = settings.data;
  const disabled = !data?.canEdit || save.isPending;
  const change = (input: Parameters<typeof save.mutate>[0]) =>
    save.mutate(input, { onSuccess: () => toast({ title: MX.settingsSaved }) });

  const card = (key: "voice" | "vision", on: boolean | undefined, extra?: ReactNode) => {
    const Icon = key === "voice" ? Mic : Eye;
    const title = key === "voice" ? MX.voiceTitle : MX.visionTitle;
    return (
      <Card className="flex flex-col" data-testid={`action-${key}-ai`}>
        <div className="flex items-start gap-3 p-5">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-primary">
            <Icon className="size-5" aria-hidden />
          </span>
          <div className="grid min-w-0 flex-1 gap-1.5">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <CardTitle>{title}</CardTitle>
              {on === undefined ? (
                <span className="h-5 w-16 animate-pulse rounded-full bg-muted" />
              ) : (
                <Badge variant={on ? "success" : "outline"} data-testid={`${key}-ai-status`}>
                  {on ? MX.active : MX.inactive}
                </Badge>
              )}
            </div>
            <CardDescription>{key === "voice" ? MX.voiceDescription : MX.visionDescription}</CardDescription>
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <Switch
                id={`${id}-${key}`}
                aria-label={title}
                checked={on ?? false}
                disabled={disabled || on === undefined}
                onCheckedChange={(checked) => change(key === "voice" ? { voiceAi: checked } : { visionAi: checked })}
              />
              <label htmlFor={`${id}-${key}`} className="text-sm">
                {on ? MX.active : MX.inactive}
              </label>
            </div>
            {extra}
          </div>
        </div>
      </Card>
    );
  };

  if (settings.isError) {
    return (
      <p className="text-xs text-destructive" role="alert">
        {TX.loadError}
      </p>
    );
  }
  return (
    <>
      {card(
        "voice",
        data?.voiceAi,
        <div className="mt-2 grid gap-1.5">
          <label htmlFor={`${id}-model`} className="text-xs text-muted-foreground">
            {MX.transcriptionModel}
          </label>
          <NativeSelect
            id={`${id}-model`}
            value={data?.transcriptionModel ?? ""}
            disabled={disabled}
            onChange={(e) => change({ transcriptionModel: e.target.value })}
          >
            {TRANSCRIPTION_MODELS.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label} (${m.perMinute.toFixed(3)}/min)
              </option>
            ))}
          </NativeSelect>
        </div>,
      )}
      {card("vision", data?.visionAi)}
    </>
  );
}
