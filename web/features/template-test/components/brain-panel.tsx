import { Bot, Brain, History, MessageSquareHeart } from "lucide-react";
import { TEMPLATE_TEST_TEXTS as TX } from "@shared/texts/template-test";
import { Card, CardContent, CardHeading } from "@web/components/ui/card";

const ICONS = { prompt: Bot, memory: Brain, feedback: MessageSquareHeart, context: History } as const;

// How a reply is put together, and what a feedback entry stores.
export function BrainPanel() {
  return (
    <Card className="min-w-0" data-testid="brain-panel">
      <CardHeading icon={<Brain className="size-4 text-primary" aria-hidden />} title={TX.panelTitle} description={TX.panelIntro} />
      <CardContent className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        <ul className="grid gap-3 sm:grid-cols-2">
          {TX.modules.map((m) => {
            const Icon = ICONS[m.key as keyof typeof ICONS] ?? Bot;
            return (
              <li key={m.key} className="flex gap-3 rounded-lg border bg-muted/30 p-3">
                <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Icon className="size-4" aria-hidden />
                </span>
                <div className="min-w-0">
                  <p className="text-sm font-semibold">{m.title}</p>
                  <p className="mt-0.5 text-xs text-muted-foreground">{m.text}</p>
                </div>
              </li>
            );
          })}
        </ul>
        <section className="rounded-lg border bg-muted/30 p-3" aria-labelledby="feedback-entry-title">
          <h3 id="feedback-entry-title" className="text-sm font-semibold">
            {TX.feedbackEntryTitle}
          </h3>
          <dl className="mt-2 grid gap-1.5 text-xs">
            {TX.feedbackEntryFields.map((f) => (
              <div key={f.name} className="grid gap-0.5">
                <dt className="font-mono font-semibold text-primary">{f.name}</dt>
                <dd className="text-muted-foreground">
                  {f.text}
                  {f.name === "feedback_data" ? (
                    <dl className="mt-1 grid gap-1 border-l-2 border-primary/30 pl-3">
                      {TX.feedbackDataFields.map((d) => (
                        <div key={d.name} className="flex flex-wrap gap-x-2">
                          <dt className="font-mono font-medium text-foreground">{d.name}</dt>
                          <dd>{d.text}</dd>
                        </div>
                      ))}
                    </dl>
                  ) : null}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      </CardContent>
    </Card>
  );
}
