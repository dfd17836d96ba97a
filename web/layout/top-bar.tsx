import type { CurrentUser } from "@shared/schemas/auth";
import { T } from "@shared/strings";
import { BrandMark } from "../components/brand-logo";
import { AccountSelector, AccountSelectorMobile } from "../features/account-selector/components/account-selector";
import { OperatorQuestionsBell } from "../features/operator-questions/components/operator-questions-bell";
import { pageTitleFor } from "../lib/nav";
import { MobileMenu } from "./mobile-menu";
import { usePathname } from "./nav-links";

export function TopBar({ user, desktop }: { user: CurrentUser; desktop: boolean }) {
  const pathname = usePathname();
  const page = pageTitleFor(pathname) ?? { title: T.notFound, subtitle: "" };
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b bg-background/85 px-3 backdrop-blur md:px-6">
      {desktop ? null : <MobileMenu user={user} />}
      <BrandMark small />
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-base font-semibold leading-tight md:text-lg" data-testid="page-title">
          {page.title}
        </h1>
        {page.subtitle ? <p className="truncate text-xs text-muted-foreground md:text-sm">{page.subtitle}</p> : null}
      </div>
      <OperatorQuestionsBell />
      {desktop ? <AccountSelector /> : <AccountSelectorMobile />}
    </header>
  );
}
