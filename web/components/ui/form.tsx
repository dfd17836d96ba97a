import { useId, type FormEvent, type ReactNode } from "react";
import {
  FormProvider,
  useController,
  useFormContext,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from "react-hook-form";
import { cn } from "@web/lib/cn";
import { FieldError, Label } from "./field";

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
      if (message) errors[field] = { type: "validate", message };
    }
    return { values: {}, errors: errors as never };
  };
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
  const submit = (event: FormEvent<HTMLFormElement>) => {
    // A nested form (a dialog inside a dialog) must not submit its parent too.
    event.stopPropagation();
    if (form.formState.isSubmitting) {
      event.preventDefault();
      return;
    }
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
  children,
}: {
  name: TName;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  children: (field: FieldRender<TValues[TName]>) => ReactNode;
}) {
  const { control } = useFormContext<TValues>();
  const { field, fieldState } = useController<TValues, TName>({ control, name });
  const base = useId();
  const ids = { id: `${base}-${name}`, errorId: `${base}-${name}-error`, hintId: `${base}-${name}-hint`, error: fieldState.error?.message };
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
          "aria-invalid": ids.error ? true : undefined,
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
