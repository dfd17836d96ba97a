import { CircleCheck, OctagonAlert, Wallet } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { USAGE_TEXTS as TX } from "@shared/texts/usage";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeading } from "@web/components/ui/card";
import { Field } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { Spinner } from "@web/components/ui/spinner";
import { cn } from "@web/lib/cn";
import { serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useBudget } from "../api/get-budget";
import { useSetBudget } from "../api/set-budget";
import { budgetPercent, formatUsd, monthLabel, parseBudget } from "../lib/usage-format";

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="min-w-0 rounded-lg bg-muted/50 px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate font-mono text-base font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

// The monthly cap on AI spending. At the cap the AI stops replying and conversations fall to the operator.
export function BudgetCard() {
  const { data: budget, isPending, isError, error: loadError, refetch } = useBudget();
  const save = useSetBudget();
  const [input, setInput] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseBudget(input);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    save.mutate(parsed.value, {
      onSuccess: () => {
        setInput("");
        toast({ title: TX.budgetSaved, description: formatUsd(parsed.value, 2), variant: "success" });
      },
    });
  };

  const clear = () => save.mutate(null, { onSuccess: () => toast({ title: TX.budgetCleared, variant: "success" }) });

  const percent = budget ? budgetPercent(budget.spentThisMonth, budget.monthlyLimitUsd) : null;
  const reached = budget ? !budget.allowed : false;

  return (
    <Card className={cn("min-w-0", reached && "border-destructive/60")} data-testid="budget-card">
      <CardHeading icon={<Wallet className="size-4 text-primary" aria-hidden />} title={TX.budgetTitle} description={TX.budgetDescription} />
      <CardContent className="grid gap-4">
        {isPending ? (
          <div className="flex justify-center py-4">
            <Spinner label={T.loading} />
          </div>
        ) : isError || !budget ? (
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
            {serverMessage(loadError, TX.budgetLoadError)}
            <Button size="sm" variant="outline" onClick={() => void refetch()}>
              {T.retry}
            </Button>
          </div>
        ) : (
          <>
            {reached ? (
              <div role="alert" className="grid gap-1 rounded-lg border border-destructive/60 bg-destructive/10 p-3 text-sm text-destructive" data-testid="budget-reason">
                <p className="flex items-center gap-2 font-semibold">
                  <OctagonAlert className="size-4 shrink-0" aria-hidden />
                  {TX.budgetReachedTitle}
                </p>
                {budget.reason ? <p>{budget.reason}</p> : null}
              </div>
            ) : (
              <p className="flex items-center gap-2 text-sm text-success">
                <CircleCheck className="size-4 shrink-0" aria-hidden />
                {TX.budgetOk}
              </p>
            )}
            <p className="text-xs text-muted-foreground">{TX.budgetMonth(monthLabel(budget.month))}</p>
            <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
              <Figure
                label={TX.budgetLimit}
                value={budget.monthlyLimitUsd === null ? TX.budgetNoLimit : formatUsd(budget.monthlyLimitUsd, 2)}
                testId="budget-limit"
              />
              <Figure label={TX.budgetSpent} value={formatUsd(budget.spentThisMonth)} testId="budget-spent" />
              <Figure label={TX.budgetRemaining} value={budget.remaining === null ? "—" : formatUsd(budget.remaining)} testId="budget-remaining" />
            </dl>
            {percent !== null ? (
              <div className="grid gap-1">
                <div
                  className="h-2 overflow-hidden rounded-full bg-muted"
                  role="progressbar"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  aria-label={TX.budgetUsed(percent)}
                >
                  <div
                    className={cn("h-full rounded-full", percent >= 100 ? "bg-destructive" : percent >= 80 ? "bg-warning" : "bg-primary")}
                    style={{ width: `${percent}%` }}
                  />
                </div>
                <p className="text-xs text-muted-foreground">{TX.budgetUsed(percent)}</p>
              </div>
            ) : null}
            <form className="grid gap-2 sm:flex sm:items-end" onSubmit={submit} noValidate>
              <Field label={TX.budgetLimitLabel} htmlFor={`${id}-limit`} error={error ?? undefined} className="sm:flex-1">
                <Input
                  id={`${id}-limit`}
                  name="monthlyLimitUsd"
                  inputMode="decimal"
                  placeholder={budget.monthlyLimitUsd === null ? TX.budgetLimitPlaceholder : String(budget.monthlyLimitUsd)}
                  value={input}
                  aria-invalid={!!error}
                  aria-describedby={error ? `${id}-limit-error` : undefined}
                  onChange={(e) => {
                    setInput(e.target.value);
                    setError(null);
                  }}
                />
              </Field>
              <div className="flex gap-2">
                <Button type="submit" disabled={save.isPending} className="flex-1 sm:flex-none">
                  {TX.budgetSave}
                </Button>
                {budget.monthlyLimitUsd !== null ? (
                  <Button variant="outline" onClick={clear} disabled={save.isPending} className="flex-1 sm:flex-none">
                    {TX.budgetClear}
                  </Button>
                ) : null}
              </div>
            </form>
          </>
        )}
      </CardContent>
    </Card>
  );
}
