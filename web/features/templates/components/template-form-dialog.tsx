import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Braces } from "lucide-react";
import { useEffect, useId } from "react";
import { type Path, type PathValue, type RegisterOptions, type UseFormRegister, useForm } from "react-hook-form";
import { CATEGORY_LABELS, TEMPLATE_CATEGORIES } from "@shared/constants";
import {
  type ApiTemplate,
  TEMPLATE_CHANNELS,
  TEMPLATE_CONTENT_TYPES,
  KIND_BUTTON_TYPES,
  KIND_MAX_BUTTONS,
  TEMPLATE_LANGUAGES,
  templateBodyIssues,
} from "@shared/schemas/templates";
import { TEMPLATE_CHANNEL_LABELS, TEMPLATE_CONTENT_TYPE_LABELS, TEMPLATE_LANGUAGE_LABELS, TEMPLATE_TEXTS as TX } from "@shared/texts/templates";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Field } from "@web/components/ui/field";
import { Input, ItemOptions, NativeSelect } from "@web/components/ui/input";
import { Textarea } from "@web/components/ui/textarea";
import { parseServerError, serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { libraryFileIssue, mediaLibraryQueryOptions, useLibraryMutations } from "@web/lib/queries/media-library";
import { useCreateTemplate } from "../api/create-template";
import { useUpdateTemplate } from "../api/update-template";
import {
  bodyLimit,
  emptyTemplateForm,
  flatFormErrors,
  formBody,
  isDraft,
  nextVariable,
  showsButtons,
  showsMedia,
  templateErrorsFromDetails,
  templateFormFrom,
  templateFormSchema,
  type TemplateFormValues,
  validateTemplateForm,
} from "../lib/template-form";
import { TemplateButtonsField, TemplateMediaField } from "./template-kind-fields";
import { TemplatePreview } from "./template-preview";

export type TemplateDialogState = { mode: "create" } | { mode: "edit"; template: ApiTemplate } | null;

// A library title for a file uploaded from the template form: its name and when, so two uploads of
// the same file name do not clash.
const uploadTitle = (file: File) => `${file.name.replace(/\.[^.]+$/, "").slice(0, 80)} · ${new Date().toISOString().slice(0, 19).replace("T", " ")}`;

export function TemplateFormDialog({ state, activeAccountId, onClose }: { state: TemplateDialogState; activeAccountId: string | null; onClose: () => void }) {
  const editing = state?.mode === "edit" ? state.template : null;
  const readOnly = !!editing && !isDraft(editing);
  // react-hook-form with the shared zod rules: the whole form is checked on save; a field's error goes
  // as soon as it changes, while the live hints below the text keep checking what is typed.
  const form = useForm<TemplateFormValues>({ resolver: zodResolver(templateFormSchema), defaultValues: emptyTemplateForm(), reValidateMode: "onSubmit" });
  const { control, setValue, getValues, clearErrors, setError } = form;
  const register = ((name: Path<TemplateFormValues>, options?: RegisterOptions<TemplateFormValues>) =>
    form.register(name, {
      ...options,
      onChange: (event: unknown) => {
        options?.onChange?.(event);
        clearErrors(name);
      },
    })) as UseFormRegister<TemplateFormValues>;
  const values = form.watch();
  const errors = flatFormErrors(form.formState.errors);
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const { upload } = useLibraryMutations();
  const pending = create.isPending || update.isPending || upload.isPending;
  const id = useId();
  const withMedia = showsMedia(values.contentType);
  const library = useQuery({ ...mediaLibraryQueryOptions(activeAccountId ?? ""), enabled: state !== null && !!activeAccountId && withMedia });
  const libraryItems = library.data?.items ?? [];
  const chosenFile = libraryItems.find((item) => item.id === values.mediaLibraryId);

  useEffect(() => {
    if (!state) return;
    form.reset(state.mode === "edit" ? templateFormFrom(state.template) : emptyTemplateForm());
  }, [state, form]);

  const set = <K extends "contentType" | "mediaLibraryId" | "mediaUrl" | "text" | "mediaCaption">(key: K, value: TemplateFormValues[K]) => {
    setValue(key, value as PathValue<TemplateFormValues, K>, { shouldDirty: true });
    clearErrors(key);
  };

  const bodyField = values.contentType === "media" ? "mediaCaption" : "text";
  const body = formBody(values);
  const limit = bodyLimit(values.channel);
  // Live hints while typing; the same rules run again on save and on the server.
  const liveIssues = body.trim() ? templateBodyIssues(body, values.channel) : [];

  const onUpload = (file: File) => {
    const issue = libraryFileIssue(file);
    if (issue) {
      setError("mediaUrl", { type: "file", message: issue });
      return;
    }
    upload.mutate(
      { title: uploadTitle(file), description: TX.mediaUploadDescription, file },
      {
        onSuccess: (item) => {
          if (item) set("mediaLibraryId", item.id);
        },
        onError: (err) => setError("mediaUrl", { type: "server", message: serverMessage(err, TX.mediaUploadError) }),
      },
    );
  };

  const insertVariable = () => {
    const token = `{{${nextVariable(body)}}}`;
    const el = document.getElementById(`${id}-${bodyField}`) as HTMLTextAreaElement | null;
    const current = getValues(bodyField);
    const start = el?.selectionStart ?? current.length;
    const end = el?.selectionEnd ?? current.length;
    set(bodyField, current.slice(0, start) + token + current.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const onValid = (valid: TemplateFormValues) => {
    if (readOnly) return;
    // The resolver passed these values: the same check gives the API's input.
    const checked = validateTemplateForm(valid);
    if (!checked.ok) return;
    // The hooks raise the failure toast; the form shows the server's field errors.
    const onError = (err: Error) => {
      for (const [field, message] of Object.entries(templateErrorsFromDetails(parseServerError(err).details))) {
        if (message) setError(field as Path<TemplateFormValues>, { type: "server", message });
      }
    };
    if (editing) {
      update.mutate(
        { id: editing.id, input: checked.data },
        {
          onSuccess: () => {
            toast({ title: TX.updated, description: checked.data.name, variant: "success" });
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(
        { ...checked.data, twilioAccountId: activeAccountId ?? "missing", status: "draft" },
        {
          onSuccess: () => {
            toast({ title: TX.created, description: TX.createdDescription, variant: "success" });
            onClose();
          },
          onError,
        },
      );
    }
  };

  const describedBy = (field: keyof TemplateFormValues) => (errors[field] ? `${id}-${field}-error` : undefined);
  const onSubmit = form.handleSubmit(onValid);
  const title = !editing ? TX.newTemplate : readOnly ? TX.viewTitle : TX.editTitle;

  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent wide>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{readOnly ? TX.onlyDraftEdit : TX.dialogDescription}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <fieldset disabled={readOnly || pending} className="grid gap-4">
            <Field label={TX.nameLabel} htmlFor={`${id}-name`} error={errors.name}>
              <Input id={`${id}-name`} maxLength={100} aria-invalid={!!errors.name} aria-describedby={describedBy("name")} {...register("name")} />
            </Field>
            <Field label={TX.descriptionLabel} htmlFor={`${id}-description`} error={errors.description}>
              <Input id={`${id}-description`} maxLength={500} {...register("description")} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field label={TX.categoryLabel} htmlFor={`${id}-category`} error={errors.category}>
                <NativeSelect id={`${id}-category`} aria-invalid={!!errors.category} aria-describedby={describedBy("category")} {...register("category")}>
                  <option value="">—</option>
                  <ItemOptions items={TEMPLATE_CATEGORIES} value={(c) => c} label={(c) => CATEGORY_LABELS[c]} />
                </NativeSelect>
              </Field>
              <Field label={TX.channelLabel} htmlFor={`${id}-channel`} error={errors.channel}>
                <NativeSelect id={`${id}-channel`} {...register("channel")}>
                  <ItemOptions items={TEMPLATE_CHANNELS} value={(c) => c} label={(c) => TEMPLATE_CHANNEL_LABELS[c]} />
                </NativeSelect>
              </Field>
              <Field label={TX.languageLabel} htmlFor={`${id}-language`} error={errors.language}>
                <NativeSelect id={`${id}-language`} {...register("language")}>
                  <ItemOptions items={TEMPLATE_LANGUAGES} value={(l) => l} label={(l) => TEMPLATE_LANGUAGE_LABELS[l]} />
                </NativeSelect>
              </Field>
            </div>
            <Field label={TX.contentTypeLabel} htmlFor={`${id}-contentType`} error={errors.contentType}>
              <NativeSelect
                id={`${id}-contentType`}
                name="contentType"
                value={values.contentType}
                onChange={(e) => {
                  const kind = e.target.value as TemplateFormValues["contentType"];
                  set("contentType", kind);
                  // Buttons the new kind cannot hold go; the others stay.
                  setValue("buttons", getValues("buttons").filter((b) => KIND_BUTTON_TYPES[kind].includes(b.type)).slice(0, KIND_MAX_BUTTONS[kind]));
                }}
              >
                <ItemOptions
                  items={TEMPLATE_CONTENT_TYPES.filter((t) => values.channel === "whatsapp" || t === "text" || t === "media")}
                  value={(t) => t}
                  label={(t) => TEMPLATE_CONTENT_TYPE_LABELS[t]}
                />
              </NativeSelect>
            </Field>
            {withMedia ? (
              <TemplateMediaField
                id={id}
                libraryId={values.mediaLibraryId}
                url={values.mediaUrl}
                items={libraryItems}
                canUpload={!!library.data?.canEdit}
                uploading={upload.isPending}
                error={errors.mediaUrl}
                onLibrary={(v) => {
                  set("mediaLibraryId", v);
                  clearErrors("mediaUrl");
                }}
                onUrl={(v) => set("mediaUrl", v)}
                onUpload={onUpload}
              />
            ) : null}
            <Field
              label={values.contentType === "media" ? TX.mediaCaptionLabel : values.contentType === "card" ? TX.cardBodyLabel : TX.textLabel}
              htmlFor={`${id}-${bodyField}`}
              error={errors[bodyField]}
              hint={TX.textHint}
            >
              <Textarea
                key={bodyField}
                id={`${id}-${bodyField}`}
                rows={5}
                aria-invalid={!!errors[bodyField]}
                aria-describedby={describedBy(bodyField)}
                {...register(bodyField)}
              />
            </Field>
            <div className="-mt-2 flex flex-wrap items-center justify-between gap-2">
              <Button type="button" size="sm" variant="soft" onClick={insertVariable}>
                <Braces aria-hidden />
                {TX.addVariable(nextVariable(body))}
              </Button>
              <span className={body.length > limit ? "text-xs font-medium text-destructive" : "text-xs text-muted-foreground"}>
                {TX.charCount(body.length, limit)}
              </span>
            </div>
            {values.contentType === "card" ? (
              <Field label={TX.footerLabel} htmlFor={`${id}-footer`} error={errors.footer}>
                <Input id={`${id}-footer`} maxLength={80} aria-invalid={!!errors.footer} aria-describedby={describedBy("footer")} {...register("footer")} />
              </Field>
            ) : null}
            {showsButtons(values.contentType) ? (
              <TemplateButtonsField id={id} type={values.contentType} control={control} register={register} errors={errors} />
            ) : null}
            {liveIssues.length > 0 && !errors[bodyField] ? (
              <ul className="grid gap-1 rounded-lg border border-warning/40 bg-warning/10 p-3 text-xs text-warning-foreground" aria-live="polite">
                {liveIssues.map((issue) => (
                  <li key={issue}>{issue}</li>
                ))}
              </ul>
            ) : null}
          </fieldset>
          <TemplatePreview values={values} mediaName={chosenFile ? chosenFile.fileName : null} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={pending}>
              {readOnly ? T.close : T.cancel}
            </Button>
            {readOnly ? null : (
              <Button type="submit" disabled={pending}>
                {T.save}
              </Button>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
