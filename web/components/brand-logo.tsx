import { MessageSquare } from "lucide-react";
import { T } from "@shared/strings";
import { cn } from "../lib/cn";

export function BrandMark({ small = false }: { small?: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm",
        small ? "size-8" : "size-9",
      )}
    >
      <MessageSquare className={small ? "size-4" : "size-5"} aria-hidden />
    </span>
  );
}

export function BrandLogo({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <BrandMark />
      <span className="text-base font-bold tracking-tight">{T.appName}</span>
    </span>
  );
}
