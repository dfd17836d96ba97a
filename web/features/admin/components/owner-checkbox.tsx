import { FormCheckbox } from "@web/components/ui/form";
import { ADMIN_TEXTS as TX } from "@shared/texts/admin";

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
        {TX.ownerLabel}
        <span className="block text-xs text-muted-foreground">{TX.ownerHint}</span>
      </span>
    </FormCheckbox>
  );
}
