import { Link } from "@tanstack/react-router";
import { Check, ChevronDown, Settings2 } from "lucide-react";
import { useState } from "react";
import type { TwilioAccount } from "@shared/schemas/accounts";
import { ACCOUNT_SELECTOR_TEXTS } from "@shared/texts/account-selector";
import { T } from "@shared/strings";
import { Badge } from "@web/components/ui/badge";
import { buttonVariants } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@web/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@web/components/ui/dropdown-menu";
import { cn } from "@web/lib/cn";
import { useActivateAccount } from "@web/lib/queries/activate-account";
import { useAccounts } from "@web/lib/queries/get-accounts";
import { toast } from "@web/lib/toast-store";

function StatusDot({ ok }: { ok: boolean }) {
  return <span aria-hidden className={cn("inline-block size-2.5 shrink-0 rounded-full", ok ? "bg-success" : "bg-destructive")} />;
}

function useAccountSwitch() {
  return useActivateAccount({
    onSuccess: () => toast({ title: T.activateSuccess, variant: "success" }),
  });
}

function NoAccounts({ compact, testId }: { compact: boolean; testId: string }) {
  return (
    <div data-testid={testId} className="flex items-center gap-2 text-sm">
      <StatusDot ok={false} />
      <span className={cn("text-muted-foreground", compact && "sr-only")}>{T.noAccounts}</span>
      <Link to="/twilio-accounts" className={buttonVariants({ variant: "outline", size: "sm" })}>
        {T.configure}
      </Link>
    </div>
  );
}

export function AccountSelector() {
  const { data: accounts, isPending } = useAccounts();
  const activation = useAccountSwitch();
  if (isPending) return <span className="h-9 w-40 animate-pulse rounded-lg bg-muted" aria-hidden />;
  if (!accounts || accounts.length === 0) return <NoAccounts compact={false} testId="account-selector" />;
  const active = accounts.find((a) => a.isActive);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        data-testid="account-selector"
        disabled={activation.isPending}
        className="inline-flex h-9 max-w-64 items-center gap-2 rounded-lg border bg-card px-3 text-sm font-medium shadow-sm transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
      >
        <StatusDot ok />
        {/* The accessible name is the purpose and then the visible account name (WCAG 2.5.3). */}
        <span className="sr-only">{T.accountSelectorLabel}: </span>
        <span className="truncate">{active?.name ?? T.noAccounts}</span>
        <ChevronDown className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuLabel>{T.accountSelectorLabel}</DropdownMenuLabel>
        {accounts.map((account) => (
          <DropdownMenuItem
            key={account.id}
            disabled={activation.isPending}
            onSelect={() => {
              if (!account.isActive) activation.mutate(account.id);
            }}
          >
            <span className="min-w-0 flex-1 truncate">{account.name}</span>
            {account.isDefault ? <Badge variant="secondary">{T.defaultBadge}</Badge> : null}
            <Check className={cn("text-primary", !account.isActive && "invisible")} aria-hidden={!account.isActive} aria-label={account.isActive ? T.active : undefined} />
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/twilio-accounts">
            <Settings2 aria-hidden />
            {T.manageAccounts}
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function MobileAccountRow({ account, disabled, onChoose }: { account: TwilioAccount; disabled: boolean; onChoose: () => void }) {
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={onChoose}
      aria-current={account.isActive ? "true" : undefined}
      className={cn(
        "flex w-full items-center gap-3 rounded-lg border px-3 py-3 text-left transition-colors hover:bg-muted disabled:opacity-60",
        account.isActive && "border-primary bg-primary/10",
      )}
    >
      <StatusDot ok={account.isActive} />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium">{account.name}</span>
        <span className="block text-xs text-muted-foreground">{account.isDefault ? T.defaultAccount : ACCOUNT_SELECTOR_TEXTS.secondaryAccount}</span>
      </span>
      {account.isActive ? <Check className="size-4 text-primary" aria-hidden /> : null}
    </button>
  );
}

export function AccountSelectorMobile() {
  const { data: accounts, isPending } = useAccounts();
  const [open, setOpen] = useState(false);
  const activation = useAccountSwitch();
  if (isPending) return <span className="h-9 w-20 animate-pulse rounded-lg bg-muted" aria-hidden />;
  if (!accounts || accounts.length === 0) return <NoAccounts compact testId="account-selector-mobile" />;
  const active = accounts.find((a) => a.isActive);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger
        data-testid="account-selector-mobile"
        disabled={activation.isPending}
        className="inline-flex h-9 max-w-32 items-center gap-1.5 rounded-lg border bg-card px-2.5 text-xs font-medium shadow-sm disabled:opacity-60"
      >
        <StatusDot ok />
        <span className="sr-only">{ACCOUNT_SELECTOR_TEXTS.switchAccountTitle}: </span>
        <span className="truncate">{active?.name ?? T.noAccounts}</span>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{ACCOUNT_SELECTOR_TEXTS.switchAccountTitle}</DialogTitle>
          <DialogDescription>{active ? `${T.activeAccountLabel}: ${active.name}` : T.noAccounts}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          {accounts.map((account) => (
            <MobileAccountRow
              key={account.id}
              account={account}
              disabled={activation.isPending}
              onChoose={() => {
                setOpen(false);
                if (!account.isActive) activation.mutate(account.id);
              }}
            />
          ))}
        </div>
        <Link to="/twilio-accounts" onClick={() => setOpen(false)} className={buttonVariants({ variant: "outline" })}>
          <Settings2 aria-hidden />
          {T.manageAccounts}
        </Link>
      </DialogContent>
    </Dialog>
  );
}
