import { Bot, Brain, MessageSquare, Sparkles, Zap } from "lucide-react";
import { useEffect, useRef } from "react";
import { DASHBOARD_TEXTS } from "@shared/texts/dashboard";
import { createSequenceTracker, type SequenceTracker } from "@web/lib/personal-assistant-sequence";
import { usePersonalAssistant } from "@web/lib/personal-assistant";

const ICONS = [Bot, MessageSquare, Brain, Zap];

// Four feature icons; clicking them in the hidden order switches on Personal Assistant mode.
export function PaIconRow() {
  const { activate, transition } = usePersonalAssistant();
  const activateRef = useRef(activate);
  activateRef.current = activate;
  const tracker = useRef<SequenceTracker | null>(null);

  useEffect(() => {
    const created = createSequenceTracker({ onComplete: () => activateRef.current() });
    tracker.current = created;
    return () => created.dispose();
  }, []);

  return (
    <>
      <div className="flex flex-wrap gap-2 sm:gap-3">
        {ICONS.map((Icon, index) => (
          <button
            key={index}
            type="button"
            data-testid={`pa-icon-${index}`}
            aria-label={DASHBOARD_TEXTS.paIconLabel(index + 1)}
            title={DASHBOARD_TEXTS.paIconNames[index]}
            onClick={() => tracker.current?.press(index)}
            className="inline-flex size-11 items-center justify-center rounded-xl border bg-card text-primary shadow-sm transition-transform hover:-translate-y-0.5 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Icon className="size-5" aria-hidden />
          </button>
        ))}
      </div>
      {transition === "entering" ? (
        <div
          role="status"
          aria-live="assertive"
          className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-5 bg-background/90 backdrop-blur-sm animate-overlay-in"
        >
          <span className="inline-flex size-20 items-center justify-center rounded-full bg-primary/15 text-primary shadow-[0_0_60px_var(--glow)] animate-pa-pulse">
            <Sparkles className="size-10" aria-hidden />
          </span>
          <p className="text-lg font-semibold">{DASHBOARD_TEXTS.paTransforming}</p>
        </div>
      ) : null}
    </>
  );
}
