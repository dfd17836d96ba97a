import { RotateCw } from "lucide-react";
import { T } from "@shared/strings";
import { Button } from "./ui/button";

// A read that failed inside a page that keeps its other content: a red line saying what, and "Riprova".
export function LoadErrorAlert({ text, onRetry }: { text: string; onRetry: () => unknown }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
      <span>{text}</span>
      <Button variant="outline" size="sm" onClick={() => void onRetry()}>
        <RotateCw aria-hidden />
        {T.retry}
      </Button>
    </div>
  );
}
