import { Link } from "@tanstack/react-router";
import type { LucideIcon } from "lucide-react";
import { T } from "@shared/strings";
import { EmptyState } from "./empty-state";
import { buttonVariants, type ButtonProps } from "./ui/button";

// A page of the active account's data when there is no account to show: why, and a link to set one up.
export function NoAccountState({ title, icon: Icon, link }: { title: string; icon: LucideIcon; link: Pick<ButtonProps, "variant" | "size"> }) {
  return (
    <EmptyState title={title} icon={<Icon className="size-6" aria-hidden />}>
      <Link to="/twilio-accounts" className={buttonVariants(link)}>
        {T.configure}
      </Link>
    </EmptyState>
  );
}
