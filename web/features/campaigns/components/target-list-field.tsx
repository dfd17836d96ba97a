import { Link } from "@tanstack/react-router";
import { CAMPAIGN_UI as UI } from "@shared/schemas/campaigns";
import type { ApiList } from "@shared/schemas/lists";
import { buttonVariants } from "@web/components/ui/button";
import { FormField } from "@web/components/ui/form";
import { NativeSelect } from "@web/components/ui/input";

// The list a campaign sends to (the form's `targetListId`); with no list to pick, a line that says so and
// links to the lists page.
export function TargetListField({ lists, hint, emptyText, emptyTestId }: { lists: ApiList[]; hint?: string; emptyText: string; emptyTestId?: string }) {
  return (
    <FormField<{ targetListId: string }, "targetListId"> name="targetListId" label={`${UI.targetListLabel} *`} hint={hint}>
      {(field) => (
        <>
          <NativeSelect {...field}>
            <option value="">{UI.selectList}</option>
            {lists.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </NativeSelect>
          {lists.length === 0 ? (
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-dashed bg-muted/30 px-3 py-2 text-xs text-muted-foreground" data-testid={emptyTestId}>
              {emptyText}
              <Link to="/lists" className={buttonVariants({ variant: "link", size: "sm" })}>
                {UI.goToLists}
              </Link>
            </p>
          ) : null}
        </>
      )}
    </FormField>
  );
}
