import type { ReactNode } from "react";
import { T } from "@shared/strings";
import { Button } from "./ui/button";
import { EmptyState } from "./empty-state";

// A list or panel whose read failed: what failed, and a button that reads it again.
export function LoadErrorState({ title, onRetry, className, small = false }: { title: ReactNode; onRetry: () => unknown; className?: string; small?: boolean }) {
  return (
    <EmptyState title={title} className={className}>
      <Button variant="outline" size={small ? "sm" : "default"} onClick={() => void onRetry()}>
        {T.retry}
      </Button>
    </EmptyState>
  );
}
