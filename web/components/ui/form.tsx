import { useId, useRef, type FormEvent, type ReactNode } from "react";
import {
  FormProvider,
  set,
  useController,
  useFormContext,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from "react-hook-form";
import type { z } from "zod";
import { T } from "@shared/strings";
import { cn } from "@web/lib/cn";
import { Button } from "./button";
import { DialogFooter } from "./dialog";
import { FieldError, Label } from "./field";
import { Switch } from "./switch";

// The form layer: react-hook-form holds values and errors, <FormField> wires a control's id,
// name, aria-invalid and aria-describedby, so no dialog repeats them. A dialog resets by being
// remounted (`key={editing?.id ?? "new"}`), not by an effect.

/** What a feature's validator answers: the request body, or one message per field. */
export type Checked<TBody, TField extends string = string> =
  | { ok: true; body: TBody }
  | { ok: false; errors: Partial<Record<TField, string | undefined>> };

/**
 * A resolver from a feature's own validator (its rules and Italian texts stay in its lib module):
 * on success the form's submit handler receives the request body.
 */
export function validatorResolver<TValues extends FieldValues, TBody>(
  validate: (values: TValues) => Checked<TBody, string>,
): Resolver<TValues, unknown, TBody> {
  return (values) => {
    const checked = validate(values);
    if (checked.ok) return { values: checked.body, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, message] of Object.entries(checked.errors)) {
      // A dotted field ("talkingSchedules.0.hour") is nested, as react-hook-form reads and clears it.
      if (message) set(errors, field, { type: "validate", message });
    }
    return { values: {}, errors: errors as never };
  };
}

/** The same answer from a validator whose success carries `data` instead of `body`. */
export function checkedFromData<TBody, TField extends string>(
  checked: { ok: true; data: TBody } | { ok: false; errors: Partial<Record<TField, string | undefined>> },
): Checked<TBody, TField> {
  return checked.ok ? { ok: true, body: checked.data } : checked;
}

/** A zod error as one message per top-level field, the first one each field has. */
export function zodFieldErrors<TField extends string = string>(error: z.ZodError): Partial<Record<TField, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (field !== undefined) errors[String(field)] ??= issue.message;
  }
  return errors;
}

/** Puts the server's per-field messages (400 details) on the form's fields. */
export function setServerErrors<TValues extends FieldValues>(
  form: Pick<UseFormReturn<TValues, unknown, never>, "setError">,
  fields: Record<string, string>,
  rename: Record<string, FieldPath<TValues>> = {},
) {
  for (const [field, message] of Object.entries(fields)) {
    form.setError((rename[field] ?? field) as FieldPath<TValues>, { type: "server", message });
  }
}

export function Form<TValues extends FieldValues, TBody>({
  form,
  onSubmit,
  className,
  children,
  ...rest
}: {
  form: UseFormReturn<TValues, unknown, TBody>;
  onSubmit: (body: TBody) => unknown;
  className?: string;
  children: ReactNode;
  "data-testid"?: string;
}) {
  // Whether the submission still running was refused by the validator at once: a corrected form may
  // then be sent again before that refusal has finished.
  const refused = useRef(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    // A nested form (a dialog inside a dialog) must not submit its parent too.
    event.stopPropagation();
    if (form.formState.isSubmitting && !refused.current) {
      event.preventDefault();
      return;
    }
    refused.current = showSyncErrors(form);
    void form.handleSubmit(async (body) => {
      await onSubmit(body);
    })(event);
  };
  return (
    <FormProvider {...form}>
      <form className={cn("grid gap-4", className)} onSubmit={submit} noValidate {...rest}>
        {children}
      </form>
    </FormProvider>
  );
}

// A feature's own validator answers at once: its messages show in the submit event itself, as they
// did before the form layer; handleSubmit then runs as usual (and sets the same errors again).
function showSyncErrors<TValues extends FieldValues, TBody>(form: UseFormReturn<TValues, unknown, TBody>): boolean {
  const resolver = form.control._options.resolver;
  if (!resolver) return false;
  const result = resolver(form.getValues(), undefined, { fields: {}, shouldUseNativeValidation: false });
  if (result instanceof Promise) return false;
  const visit = (node: unknown, path: string) => {
    if (!node || typeof node !== "object") return;
    const { message, type } = node as { message?: unknown; type?: unknown };
    if (typeof message === "string") form.setError(path as FieldPath<TValues>, { type: typeof type === "string" ? type : "validate", message });
    for (const [key, child] of Object.entries(node)) if (key !== "message" && key !== "type" && key !== "ref") visit(child, path ? `${path}.${key}` : key);
  };
  visit(result.errors, "");
  return Object.keys(result.errors).length > 0;
}

export interface FieldRender<TValue> {
  id: string;
  name: string;
  value: TValue;
  onChange: (eventOrValue: unknown) => void;
  onBlur: () => void;
  ref: (element: unknown) => void;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * Label, control, hint and error stacked. The render function gets everything a native input
 * spreads (`<Input {...field} />`); other controls take `field.value` and `field.onChange(value)`.
 */
export function FormField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  name,
  label,
  hint,
  className,
  quiet = false,
  children,
}: {
  name: TName;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  /** Marks the control invalid without its own message, when one message above speaks for several fields. */
  quiet?: boolean;
  children: (field: FieldRender<TValues[TName]>) => ReactNode;
}) {
  const { control } = useFormContext<TValues>();
  const { field, fieldState } = useController<TValues, TName>({ control, name });
  const base = useId();
  const ids = { id: `${base}-${name}`, errorId: `${base}-${name}-error`, hintId: `${base}-${name}-hint`, error: quiet ? undefined : fieldState.error?.message };
  const describedBy = [ids.error ? ids.errorId : null, hint && !ids.error ? ids.hintId : null].filter(Boolean).join(" ");
  return (
    <div className={cn("grid gap-1.5", className)}>
        <Label htmlFor={ids.id}>{label}</Label>
        {children({
          id: ids.id,
          name: field.name,
          value: field.value,
          onChange: field.onChange,
          onBlur: field.onBlur,
          ref: field.ref,
          "aria-invalid": fieldState.error ? true : undefined,
          "aria-describedby": describedBy || undefined,
        })}
        {hint && !ids.error ? (
          <p id={ids.hintId} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
        <FieldError id={ids.errorId}>{ids.error}</FieldError>
    </div>
  );
}

/** A form-level error (no single field), e.g. a rule across fields or the server's sentence. */
export function FormMessage({ children }: { children?: ReactNode }) {
  return <FieldError>{children}</FieldError>;
}

/** An on/off setting: its label (and hint) beside a Switch that holds the field's boolean. */
export function FormSwitch<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  name,
  label,
  hint,
  "data-testid": testId,
}: {
  name: TName;
  label: ReactNode;
  hint?: ReactNode;
  "data-testid"?: string;
}) {
  const { control } = useFormContext<TValues>();
  const { field } = useController<TValues, TName>({ control, name });
  const base = useId();
  const id = `${base}-${name}`;
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg border bg-muted/30 px-3 py-2.5">
      <div className="grid min-w-0 flex-1 gap-1">
        <Label htmlFor={id} className="leading-snug">
          {label}
        </Label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
      <Switch
        id={id}
        name={field.name}
        ref={field.ref}
        checked={field.value as boolean}
        onCheckedChange={field.onChange}
        onBlur={field.onBlur}
        aria-describedby={hint ? `${id}-hint` : undefined}
        data-testid={testId}
      />
    </div>
  );
}

/** A form's Cancel and submit buttons (Annulla / Salva unless told), both off while it saves. */
export function FormActions({
  onCancel,
  pending,
  submitLabel = T.save,
  size,
  className,
  children,
  submitTestId,
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel?: ReactNode;
  size?: "sm";
  className?: string;
  /** Buttons before Cancel, e.g. a Delete pushed to the left. */
  children?: ReactNode;
  submitTestId?: string;
}) {
  return (
    <DialogFooter className={className}>
      {children}
      <Button variant="outline" size={size} onClick={onCancel} disabled={pending}>
        {T.cancel}
      </Button>
      <Button type="submit" size={size} disabled={pending} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
