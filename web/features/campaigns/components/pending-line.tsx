import { Spinner } from "@web/components/ui/spinner";

// A read under way, in the place its answer will take.
export function PendingLine({ text }: { text: string }) {
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner /> {text}
    </p>
  );
}
