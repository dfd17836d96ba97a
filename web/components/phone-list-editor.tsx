import { Plus, X } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { Button } from "./ui/button";
import { FieldError, Label } from "./ui/field";
import { Input } from "./ui/input";

export interface PhoneListTexts {
  label: string;
  placeholder: string;
  add: string;
  remove: (phone: string) => string;
  empty: string;
}

// A list of phone numbers with an "add" box. `check` answers the error for a new number given those
// already listed (the calendar and lead-notification dialogs check differently), and `normalize` how it is kept.
export function PhoneListEditor({
  phones,
  onChange,
  check,
  normalize = (p) => p.trim(),
  texts,
  error,
  disabled,
}: {
  phones: readonly string[];
  onChange: (phones: string[]) => void;
  check: (input: string, listed: readonly string[]) => string | null;
  normalize?: (input: string) => string;
  texts: PhoneListTexts;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [draftError, setDraftError] = useState<string | null>(null);
  const shownError = draftError ?? error;

  const add = () => {
    const issue = check(draft, phones);
    if (issue) {
      setDraftError(issue);
      return;
    }
    onChange([...phones, normalize(draft)]);
    setDraft("");
    setDraftError(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    }
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-phone`}>{texts.label}</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-phone`}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={draft}
          placeholder={texts.placeholder}
          disabled={disabled}
          aria-invalid={!!shownError}
          aria-describedby={shownError ? `${id}-phone-error` : undefined}
          onChange={(e) => {
            setDraft(e.target.value);
            setDraftError(null);
          }}
          onKeyDown={onKeyDown}
        />
        <Button type="button" variant="secondary" onClick={add} disabled={disabled}>
          <Plus aria-hidden />
          {texts.add}
        </Button>
      </div>
      <FieldError id={`${id}-phone-error`}>{shownError}</FieldError>
      {phones.length === 0 ? (
        <p className="text-xs text-muted-foreground">{texts.empty}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {phones.map((phone) => (
            <li key={phone} className="inline-flex items-center gap-1 rounded-full border bg-muted/50 py-0.5 pr-1 pl-3 font-mono text-xs">
              {phone}
              <button
                type="button"
                className="rounded-full p-1 text-muted-foreground transition-colors hover:bg-destructive/10 hover:text-destructive focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={texts.remove(phone)}
                disabled={disabled}
                onClick={() => onChange(phones.filter((p) => p !== phone))}
              >
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
