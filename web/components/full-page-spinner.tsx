import { T } from "@shared/strings";
import { Spinner } from "./ui/spinner";

export function FullPageSpinner({ text, detail }: { text?: string; detail?: string }) {
  return (
    <div className="flex min-h-[50dvh] flex-1 flex-col items-center justify-center gap-3 p-6 text-center" role="status" aria-live="polite">
      <Spinner large />
      <p className="text-sm font-medium">{text ?? T.loading}</p>
      {detail ? <p className="text-xs text-muted-foreground">{detail}</p> : null}
    </div>
  );
}
