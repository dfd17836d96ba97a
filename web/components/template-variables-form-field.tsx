import type { ComponentProps } from "react";
import { useController, useFormContext, type FieldPath, type FieldValues } from "react-hook-form";
import { TemplateVariablesField } from "./template-variables-field";

// The template's {{n}} bindings as a form field (`name`, usually "variables"), with the field's message.
export function TemplateVariablesFormField<TValues extends FieldValues>({
  name,
  ...props
}: Omit<ComponentProps<typeof TemplateVariablesField>, "bindings" | "onChange" | "error"> & { name: FieldPath<TValues> }) {
  const { control } = useFormContext<TValues>();
  const { field, fieldState } = useController({ control, name });
  return <TemplateVariablesField {...props} bindings={field.value} onChange={field.onChange} error={fieldState.error?.message} />;
}
