import { ADMIN_UI as UI } from "@shared/admin-texts";
import { FormCheckbox } from "@web/components/ui/form";

// "Owner of the account" (the form's `isOwner`), with its hint; `checked` overrides what it shows.
export function OwnerCheckbox({ checked, disabled, testId }: { checked?: boolean; disabled?: boolean; testId: string }) {
  return (
    <FormCheckbox<{ isOwner: boolean }, "isOwner">
      name="isOwner"
      className="flex items-start gap-2 text-sm has-[:disabled]:opacity-60"
      checkboxClassName="mt-0.5"
      checked={checked}
      disabled={disabled}
      data-testid={testId}
    >
      <span>
        {UI.ownerLabel}
        <span className="block text-xs text-muted-foreground">{UI.ownerHint}</span>
      </span>
    </FormCheckbox>
  );
}
