import { Trash } from "lucide-react";
import { useEffect, useId, useRef, type FormEvent, type InputHTMLAttributes, type ReactNode } from "react";
import type { z } from "zod";
import {
  FormProvider,
  set,
  useController,
  useFormContext,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from "react-hook-form";
import { T } from "@shared/strings";
import { cn } from "@web/lib/cn";
import { fieldErrorsFrom } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { Button, type ButtonProps } from "./button";
import { FieldError, Label } from "./field";
import { Checkbox, NativeSelect } from "./input";
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

/** The same, for a validator that answers `{ ok: true, data }` (the shape its own tests pin). */
export function dataResolver<TValues extends FieldValues, TBody>(
  validate: (values: TValues) => { ok: true; data: TBody } | { ok: false; errors: Partial<Record<string, string | undefined>> },
): Resolver<TValues, unknown, TBody> {
  return validatorResolver((values: TValues): Checked<TBody> => {
    const checked = validate(values);
    return checked.ok ? { ok: true, body: checked.data } : { ok: false, errors: checked.errors };
  });
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

/** The first message among a form's errors, e.g. for a toast that repeats it. */
export function firstErrorMessage(errors: FieldErrors): string | undefined {
  for (const error of Object.values(errors)) {
    if (error && typeof error.message === "string" && error.message) return error.message;
  }
  return undefined;
}

/** The form's own message (`errors.root`, no single field) goes away as soon as any value changes. */
export function useRootErrorClearedOnChange<TValues extends FieldValues, TBody>(form: UseFormReturn<TValues, unknown, TBody>) {
  useEffect(() => {
    const { unsubscribe } = form.watch((_, { name }) => {
      if (name) form.clearErrors("root");
    });
    return unsubscribe;
  }, [form]);
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

/** A dialog's save, once the server answered: saved, a success toast and the dialog closes; refused,
 * the server's per-field messages go under their fields (the failure toast, if any, is the mutation's). */
export function dialogSaveCallbacks<TValues extends FieldValues>(
  form: Pick<UseFormReturn<TValues, unknown, never>, "setError">,
  { saved, onClose, rename }: { saved: { title: string; description?: string }; onClose: () => void; rename?: Record<string, FieldPath<TValues>> },
) {
  return {
    onSuccess: () => {
      toast({ ...saved, variant: "success" });
      onClose();
    },
    onError: (err: Error) => setServerErrors(form, fieldErrorsFrom(err), rename),
  };
}

// A validator that answers at once shows its messages in the same render as the click; react-hook-form,
// whose submit awaits, then records the same errors with the submission.
// Answers whether it refused them.
function showErrorsNow<TValues extends FieldValues, TBody>(form: UseFormReturn<TValues, unknown, TBody>): boolean {
  const { resolver, context } = form.control._options;
  const result = resolver?.(form.getValues(), context, { fields: {}, shouldUseNativeValidation: false });
  if (!result || result instanceof Promise) return false;
  for (const [name, error] of Object.entries(result.errors)) {
    if (typeof error?.message === "string" && error.message) form.setError(name as FieldPath<TValues>, { type: "validate", message: error.message });
  }
  return Object.keys(result.errors).length > 0;
}

export function Form<TValues extends FieldValues, TBody>({
  form,
  onSubmit,
  onInvalid,
  className,
  children,
  ...rest
}: {
  form: UseFormReturn<TValues, unknown, TBody>;
  onSubmit: (body: TBody) => unknown;
  /** Called when the validator refuses the values (its messages are already on their fields). */
  onInvalid?: (errors: FieldErrors<TValues>) => void;
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
    refused.current = showErrorsNow(form);
    void form.handleSubmit(async (body) => {
      await onSubmit(body);
    }, onInvalid)(event);
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

/** A boolean field as a labelled switch on its own row; `onCheckedChange` for what else it changes. */
export function FormSwitch<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  name,
  label,
  hint,
  onCheckedChange,
  ...rest
}: {
  name: TName;
  label: ReactNode;
  /** A line under the label, which the switch is described by. */
  hint?: ReactNode;
  onCheckedChange?: (checked: boolean) => void;
  "data-testid"?: string;
}) {
  const { control } = useFormContext<TValues>();
  const { field } = useController<TValues, TName>({ control, name });
  const id = `${useId()}-${name}`;
  const labelled = (
    <Label htmlFor={id} className="min-w-0 flex-1 leading-snug">
      {label}
    </Label>
  );
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg border bg-muted/30 px-3 py-2.5">
      {hint ? (
        <div className="grid min-w-0 flex-1 gap-1">
          {labelled}
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        </div>
      ) : (
        labelled
      )}
      <Switch
        id={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        checked={!!field.value}
        onCheckedChange={(checked) => {
          field.onChange(checked);
          onCheckedChange?.(checked);
        }}
        {...rest}
      />
    </div>
  );
}

/**
 * A boolean field as a checkbox inside its label; `checked` overrides what it shows (e.g. when disabled),
 * `className` replaces the label's layout.
 */
export function FormCheckbox<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  name,
  className,
  checkboxClassName,
  checked,
  children,
  ...rest
}: {
  name: TName;
  className?: string;
  checkboxClassName?: string;
  checked?: boolean;
  children: ReactNode;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "disabled"> & { "data-testid"?: string }) {
  const { control } = useFormContext<TValues>();
  const { field } = useController<TValues, TName>({ control, name });
  return (
    <label className={className ?? "flex items-center gap-2 text-sm"}>
      <Checkbox
        name={field.name}
        className={checkboxClassName}
        checked={checked ?? !!field.value}
        onChange={(e) => field.onChange(e.target.checked)}
        onBlur={field.onBlur}
        {...rest}
      />
      {children}
    </label>
  );
}

/** Cancel and submit at the foot of a form; `children` go first (e.g. a delete button). */
export function FormFooter({
  pending,
  onCancel,
  submitLabel = T.save,
  size,
  className,
  children,
  submitTestId,
  submitDisabled = false,
  onDelete,
}: {
  pending: boolean;
  onCancel: () => void;
  submitLabel?: ReactNode;
  size?: ButtonProps["size"];
  className?: string;
  children?: ReactNode;
  submitTestId?: string;
  /** Keeps the submit button off while there is nothing to save yet. */
  submitDisabled?: boolean;
  /** A Delete button at the far left, for a form that edits something stored. */
  onDelete?: () => void;
}) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", onDelete && "sm:items-center", className)}>
      {onDelete ? (
        <Button variant="ghost-destructive" size={size} className="sm:mr-auto" onClick={onDelete} disabled={pending}>
          <Trash aria-hidden />
          {T.delete}
        </Button>
      ) : null}
      {children}
      <Button variant="outline" size={size} onClick={onCancel} disabled={pending}>
        {T.cancel}
      </Button>
      <Button type="submit" size={size} disabled={pending || submitDisabled} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </div>
  );
}

/** A field chosen among `options` (each its own label), with an optional first choice of none (`emptyLabel`). */
export function FormSelect<TValues extends FieldValues, TName extends FieldPath<TValues>, TOption extends string | number>({
  options,
  optionLabel,
  emptyLabel,
  disabled,
  value,
  "data-testid": testId,
  ...props
}: {
  name: TName;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  options: readonly TOption[];
  optionLabel: (option: TOption) => ReactNode;
  emptyLabel?: ReactNode;
  disabled?: boolean;
  /** What the select shows instead of the field's value, e.g. a choice fixed by another field. */
  value?: TOption;
  "data-testid"?: string;
}) {
  return (
    <FormField<TValues, TName> {...props}>
      {(field) => (
        <NativeSelect {...field} value={value ?? field.value} disabled={disabled} data-testid={testId}>
          {emptyLabel === undefined ? null : <option value="">{emptyLabel}</option>}
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}
