import { Menu } from "lucide-react";
import { useState } from "react";
import { NAV_MOBILE_MENU } from "@shared/nav";
import type { CurrentUser } from "@shared/schemas/auth";
import { T } from "@shared/strings";
import { Button } from "../components/ui/button";
import { Dialog, DialogDescription, DialogTitle, DialogTrigger, SheetContent } from "../components/ui/dialog";
import { visibleNavItems } from "../lib/nav";
import { NavLinks } from "./nav-links";
import { AssistantExitButton, SidebarFooter, SidebarHeader } from "./sidebar-parts";

export function MobileMenu({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={T.openMenu} data-testid="mobile-menu-button">
          <Menu className="size-5" aria-hidden />
        </Button>
      </DialogTrigger>
      <SheetContent>
        <DialogTitle className="sr-only">{T.mobileNavLabel}</DialogTitle>
        <DialogDescription className="sr-only">{T.subtitle}</DialogDescription>
        <div className="pr-8">
          <SidebarHeader />
        </div>
        <div className="flex-1 overflow-y-auto px-3 py-4">
          <NavLinks items={visibleNavItems(NAV_MOBILE_MENU, user.role)} label={T.mobileNavLabel} onNavigate={() => setOpen(false)} />
        </div>
        <div className="px-3 pb-3">
          <AssistantExitButton />
        </div>
        <SidebarFooter user={user} />
      </SheetContent>
    </Dialog>
  );
}
