import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "./empty-state";
import { Button } from "./ui/button";

// An empty list that offers to create its first item.
export function CreateFirstState({ title, icon, label, onCreate }: { title: ReactNode; icon: ReactNode; label: string; onCreate: () => void }) {
  return (
    <EmptyState title={title} icon={icon}>
      <Button onClick={onCreate}>
        <Plus aria-hidden />
        {label}
      </Button>
    </EmptyState>
  );
}
