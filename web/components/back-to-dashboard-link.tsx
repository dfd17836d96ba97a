import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { buttonVariants } from "./ui/button";

// The "← Dashboard" link at the top of a page reached from the dashboard.
export function BackToDashboardLink({ label, testId }: { label: string; testId: string }) {
  return (
    <Link to="/" className={buttonVariants({ variant: "ghost", size: "sm" })} data-testid={testId}>
      <ArrowLeft aria-hidden />
      {label}
    </Link>
  );
}
