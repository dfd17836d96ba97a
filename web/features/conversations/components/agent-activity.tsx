import { Bot, UserRoundCheck } from "lucide-react";
import { type ApiAgentEvent, type ApiHandoff } from "@shared/schemas/agent";
import { AGENT_TEXTS as TX } from "@shared/texts/agent";
import { cn } from "@web/lib/cn";

const time = new Intl.DateTimeFormat("it-IT", { timeZone: "Europe/Rome", hour: "2-digit", minute: "2-digit" });

// One of the agent's actions, between the messages: "L'agente ha prenotato giovedì 3 dicembre alle 10:00".
export function AgentEventLine({ event }: { event: ApiAgentEvent }) {
  return (
    <li className="flex justify-center" data-testid="agent-event">
      <span
        className={cn(
          "inline-flex max-w-[90%] items-center gap-1.5 rounded-2xl border px-3 py-1 text-left text-xs",
          event.status === "ok" ? "border-primary/30 bg-primary/10 text-foreground" : "border-amber-500/40 bg-amber-500/10 text-amber-700 dark:text-amber-300",
        )}
      >
        <Bot className="size-3.5 shrink-0 text-primary" aria-hidden />
        <span>{event.text}</span>
        <span className="shrink-0 whitespace-nowrap text-muted-foreground">· {time.format(new Date(event.createdAt))}</span>
      </span>
    </li>
  );
}

// The agent's summary for the person who took over, at the top of the chat.
export function HandoffSummary({ handoff }: { handoff: ApiHandoff }) {
  return (
    <section className="mx-3 mt-3 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm sm:mx-5" data-testid="handoff-summary" aria-label={TX.handoffTitle}>
      <h3 className="flex items-center gap-1.5 font-medium">
        <UserRoundCheck className="size-4 text-amber-600 dark:text-amber-300" aria-hidden />
        {TX.handoffTitle}
      </h3>
      <dl className="mt-1 grid gap-0.5 text-xs sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="text-muted-foreground">{TX.handoffWants}</dt>
        <dd>{handoff.richiesta}</dd>
        {handoff.promesso ? (
          <>
            <dt className="text-muted-foreground">{TX.handoffPromised}</dt>
            <dd>{handoff.promesso}</dd>
          </>
        ) : null}
        {handoff.mancante ? (
          <>
            <dt className="text-muted-foreground">{TX.handoffMissing}</dt>
            <dd>{handoff.mancante}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
