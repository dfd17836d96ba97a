import { LoaderCircle } from "lucide-react";
import { cn } from "@web/lib/cn";

export function Spinner({ large = false, label }: { large?: boolean; label?: string }) {
  return (
    <LoaderCircle
      className={cn("animate-spin text-primary", large ? "size-8" : "size-5")}
      role={label ? "status" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}
