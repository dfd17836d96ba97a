import { z } from "zod";
import { CONTACT_FIELDS, EVENT_FIELDS } from "../template-variables";
import { TEMPLATE_VARIABLE_TEXTS as T } from "../texts/template-variables";

// The bindings' schemas apart from the resolver and its texts, which the dashboard loads without zod.
export const variableBindingSchema = z.discriminatedUnion(
  "source",
  [
    z.object({ source: z.literal("field"), field: z.enum(CONTACT_FIELDS) }),
    z.object({ source: z.literal("custom"), key: z.string().trim().min(1, T.bindingInvalid).max(100) }),
    z.object({ source: z.literal("event"), field: z.enum(EVENT_FIELDS) }),
    z.object({
      source: z.literal("text"),
      value: z.string().trim().min(1, T.textBlank).max(1024).refine((v) => !/\{\{|\}\}/.test(v), T.placeholderValue),
    }),
  ],
  { error: T.bindingInvalid },
);
export type VariableBinding = z.infer<typeof variableBindingSchema>;

const position = z.string().regex(/^[1-9]\d?$/, T.bindingInvalid);
// A plain string is shorthand for fixed text.
const bindingInput = z
  .union([z.string().transform((value) => ({ source: "text" as const, value })), variableBindingSchema], { error: T.bindingInvalid })
  .pipe(variableBindingSchema);
export const variableBindingsSchema = z.record(position, bindingInput, { error: T.bindingInvalid });
export type VariableBindings = z.infer<typeof variableBindingsSchema>;

