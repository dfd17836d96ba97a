import { useNavigate } from "@tanstack/react-router";
import { Bot, Play } from "lucide-react";
import { ANALYTICS_TEXTS as UI } from "@shared/texts/analytics";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { POLL_MS } from "@shared/constants";
import { cn } from "@web/lib/cn";
import { useActiveConversations } from "@web/lib/queries/get-active-conversations";
import { useConversation } from "@web/lib/queries/get-conversation";
import { lastMessages, latestConversation, sampleMessages, type PreviewMessage } from "../lib/preview";

const clock = new Intl.DateTimeFormat("it-IT", { timeZone: "Europe/Rome", hour: "2-digit", minute: "2-digit" });

function Bubble({ message }: { message: PreviewMessage }) {
  const bot = message.isFromBot;
  return (
    <li className={cn("flex", bot ? "justify-start" : "justify-end")} data-testid="preview-message" data-from={bot ? "bot" : "customer"}>
      <div
        className={cn(
          "max-w-[85%] rounded-lg px-3 py-1.5 text-sm shadow-sm",
          bot ? "rounded-tl-none bg-white text-slate-900 dark:bg-[#202c33] dark:text-slate-100" : "rounded-tr-none bg-[#d9fdd3] text-slate-900 dark:bg-[#005c4b] dark:text-slate-50",
        )}
      >
        <span className="sr-only">{bot ? UI.previewBot : UI.previewCustomer}: </span>
        <p className="break-words whitespace-pre-wrap">{message.content}</p>
        {message.createdAt ? (
          <time dateTime={message.createdAt} className="mt-0.5 block text-right text-[10px] text-slate-600 dark:text-slate-300">
            {clock.format(new Date(message.createdAt))}
          </time>
        ) : null}
      </div>
    </li>
  );
}

// 'Preview Test': the last three messages of the latest conversation as WhatsApp shows them,
// sample messages when there is none, and a button into the full chat with its simulator.
export function PreviewTestCard() {
  const navigate = useNavigate();
  const active = useActiveConversations();
  const latest = latestConversation(active.data);
  const detail = useConversation(latest?.id ?? "", { queryConfig: { enabled: !!latest, refetchInterval: POLL_MS.activeConversations } });
  const real = lastMessages(detail.data?.messages);
  const loading = active.isPending || (!!latest && detail.isPending);
  const sample = !loading && real.length === 0;
  const messages = sample ? sampleMessages() : real;
  const title = latest ? latest.customerName?.trim() || (latest.phoneNumber.startsWith("+") ? latest.phoneNumber : `+${latest.phoneNumber}`) : UI.previewBot;

  const start = () => {
    if (latest) void navigate({ to: "/chat/$id", params: { id: latest.id } });
    else void navigate({ to: "/conversations" });
  };

  return (
    <Card className="min-w-0" data-testid="preview-test">
      <CardHeader className="flex-row items-start justify-between gap-2">
        <div className="grid grid-cols-1 gap-1.5">
          <CardTitle>{UI.previewTitle}</CardTitle>
          <CardDescription>{sample ? UI.previewSampleHint : UI.previewDescription}</CardDescription>
        </div>
        {sample ? <Badge variant="outline">{UI.previewSample}</Badge> : null}
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        <div className="overflow-hidden rounded-xl border">
          <div className="flex items-center gap-2 bg-[#075e54] px-3 py-2 text-white dark:bg-[#202c33]">
            <span className="inline-flex size-8 items-center justify-center rounded-full bg-white/20">
              <Bot className="size-4" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold">{title}</p>
              <p className="text-[11px] text-white/75">{UI.previewOnline}</p>
            </div>
          </div>
          <div className="min-h-44 bg-[#efeae2] p-3 dark:bg-[#0b141a]">
            {loading ? (
              <div className="grid grid-cols-1 gap-2" aria-busy="true">
                <div className="h-8 w-2/3 animate-pulse rounded-lg bg-white/70 dark:bg-white/10" />
                <div className="ml-auto h-8 w-1/2 animate-pulse rounded-lg bg-white/70 dark:bg-white/10" />
                <div className="h-8 w-3/5 animate-pulse rounded-lg bg-white/70 dark:bg-white/10" />
              </div>
            ) : (
              <ul className="grid grid-cols-1 gap-2" aria-label={UI.previewTitle} data-sample={sample ? "true" : "false"}>
                {messages.map((m) => (
                  <Bubble key={m.id} message={m} />
                ))}
              </ul>
            )}
          </div>
        </div>
        <Button onClick={start} data-testid="preview-start" className="w-full">
          <Play aria-hidden />
          {UI.previewStart}
        </Button>
      </CardContent>
    </Card>
  );
}
