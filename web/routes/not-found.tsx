import { Link } from "@tanstack/react-router";
import { T } from "@shared/strings";
import { buttonVariants } from "../components/ui/button";

export function NotFoundPage() {
  return (
    <div className="flex flex-col items-center justify-center gap-4 py-20 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h2 className="text-2xl font-semibold">{T.notFound}</h2>
      <p className="text-sm text-muted-foreground">{T.notFoundText}</p>
      <Link to="/" className={buttonVariants({ variant: "outline" })}>
        {T.backHome}
      </Link>
    </div>
  );
}
