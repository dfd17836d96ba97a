import { ExternalLink, Phone, Plus, Reply, Trash } from "lucide-react";
import type { ChangeEvent } from "react";
import { type Control, type UseFormRegister, useFieldArray } from "react-hook-form";
import type { ApiLibraryItem } from "@shared/media-library";
import { type TemplateButtonType, type TemplateContentType } from "@shared/schemas/templates";
import { TEMPLATE_TEXTS as TX } from "@shared/texts/templates";
import { Button } from "@web/components/ui/button";
import { Field, FieldError } from "@web/components/ui/field";
import { Input, NativeSelect } from "@web/components/ui/input";
import { addableButtons, newButton, type TemplateFormErrors, type TemplateFormValues } from "../lib/template-form";

// The image or document of a media template or a card: a file of the account's library (uploaded here
// or chosen), or a public https URL.
export function TemplateMediaField({
  id,
  libraryId,
  url,
  items,
  canUpload,
  uploading,
  error,
  onLibrary,
  onUrl,
  onUpload,
}: {
  id: string;
  libraryId: string;
  url: string;
  items: readonly ApiLibraryItem[];
  canUpload: boolean;
  uploading: boolean;
  error: string | undefined;
  onLibrary: (id: string) => void;
  onUrl: (url: string) => void;
  onUpload: (file: File) => void;
}) {
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (file) onUpload(file);
  };
  return (
    <fieldset className="grid gap-3 rounded-lg border p-3" aria-describedby={error ? `${id}-media-error` : undefined}>
      <legend className="px-1 text-sm font-medium">{TX.mediaSourceLabel}</legend>
      <Field label={TX.mediaLibraryLabel} htmlFor={`${id}-mediaLibraryId`}>
        <NativeSelect id={`${id}-mediaLibraryId`} name="mediaLibraryId" value={libraryId} onChange={(e) => onLibrary(e.target.value)}>
          <option value="">{TX.mediaLibraryNone}</option>
          {items.map((item) => (
            <option key={item.id} value={item.id}>
              {item.title} ({item.fileName})
            </option>
          ))}
        </NativeSelect>
      </Field>
      {canUpload ? (
        <Field label={TX.mediaUploadLabel} htmlFor={`${id}-mediaFile`} hint={uploading ? TX.mediaUploading : undefined}>
          <Input id={`${id}-mediaFile`} name="mediaFile" type="file" accept="image/jpeg,image/png,image/webp,application/pdf" disabled={uploading} onChange={onFile} />
        </Field>
      ) : null}
      {libraryId ? null : (
        <Field label={`${TX.mediaUrlLabel} (${TX.mediaUrlOr})`} htmlFor={`${id}-mediaUrl`}>
          <Input id={`${id}-mediaUrl`} name="mediaUrl" type="url" placeholder="https://" value={url} aria-invalid={!!error} onChange={(e) => onUrl(e.target.value)} />
        </Field>
      )}
      <FieldError id={`${id}-media-error`}>{error}</FieldError>
    </fieldset>
  );
}

const ADD_LABELS: Record<TemplateButtonType, string> = { QUICK_REPLY: TX.addQuickReply, URL: TX.addUrlButton, PHONE_NUMBER: TX.addPhoneButton };
const ADD_ICONS = { QUICK_REPLY: Reply, URL: ExternalLink, PHONE_NUMBER: Phone } as const;

// The buttons of a quick-reply template, a call to action or a card: a react-hook-form field array.
export function TemplateButtonsField({
  id,
  type,
  control,
  register,
  errors,
}: {
  id: string;
  type: TemplateContentType;
  control: Control<TemplateFormValues>;
  register: UseFormRegister<TemplateFormValues>;
  errors: TemplateFormErrors;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: "buttons" });
  return (
    <fieldset className="grid gap-3 rounded-lg border p-3" data-testid="template-buttons">
      <legend className="px-1 text-sm font-medium">{TX.buttonsLabel}</legend>
      {fields.map((b, i) => {
        const n = i + 1;
        const titleError = errors[`buttons.${i}.title`] ?? errors[`buttons.${i}.type`];
        const targetError = errors[`buttons.${i}.url`] ?? errors[`buttons.${i}.phone`];
        return (
          <div key={b.id} className="grid gap-2 rounded-md bg-muted/40 p-2 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
            <Field label={`${TX.buttonTitleLabel(n)} · ${TX.buttonTypeNames[b.type]}`} htmlFor={`${id}-button-${i}-title`} error={titleError}>
              <Input id={`${id}-button-${i}-title`} maxLength={40} aria-invalid={!!titleError} {...register(`buttons.${i}.title`)} />
            </Field>
            {b.type === "URL" ? (
              <Field label={TX.buttonUrlLabel(n)} htmlFor={`${id}-button-${i}-url`} error={targetError}>
                <Input id={`${id}-button-${i}-url`} type="url" placeholder="https://" aria-invalid={!!targetError} {...register(`buttons.${i}.url`)} />
              </Field>
            ) : b.type === "PHONE_NUMBER" ? (
              <Field label={TX.buttonPhoneLabel(n)} htmlFor={`${id}-button-${i}-phone`} error={targetError}>
                <Input id={`${id}-button-${i}-phone`} type="tel" placeholder="+39 02 1234 5678" aria-invalid={!!targetError} {...register(`buttons.${i}.phone`)} />
              </Field>
            ) : (
              <span className="hidden sm:block" />
            )}
            <Button type="button" size="icon-sm" variant="ghost-destructive" className="sm:mt-6" aria-label={TX.removeButton(n)} onClick={() => remove(i)}>
              <Trash aria-hidden />
            </Button>
          </div>
        );
      })}
      <div className="flex flex-wrap gap-2">
        {addableButtons(type, fields).map((t) => {
          const Icon = ADD_ICONS[t];
          return (
            <Button key={t} type="button" size="sm" variant="soft" onClick={() => append(newButton(t))}>
              <Plus aria-hidden />
              <Icon aria-hidden />
              {ADD_LABELS[t]}
            </Button>
          );
        })}
      </div>
      <FieldError id={`${id}-buttons-error`}>{errors.buttons}</FieldError>
    </fieldset>
  );
}
