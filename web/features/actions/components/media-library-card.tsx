import { FileText, Image as ImageIcon, Library, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { mediaKind } from "@shared/media";
import { LIBRARY_TEXTS as LX } from "@shared/texts/media-library";
import { Button } from "@web/components/ui/button";
import { Card, CardDescription, CardTitle } from "@web/components/ui/card";
import { FieldError, Label } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { Textarea } from "@web/components/ui/textarea";
import { serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { libraryFileIssue, useLibraryMutations, useMediaLibrary } from "@web/lib/queries/media-library";

const sizeLabel = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1).replace(".", ",")} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

// The files the agent may send with «Invia documento»: listed to every member, changed by the owner.
export function MediaLibraryCard({ twilioAccountId }: { twilioAccountId: string }) {
  const id = useId();
  const library = useMediaLibrary(twilioAccountId);
  const { upload, remove } = useLibraryMutations();
  // A new key empties the file input after an upload.
  const [fileKey, setFileKey] = useState(0);
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const data = library.data;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return setError(LX.titleRequired);
    if (!file) return setError(LX.fileMissing);
    const issue = libraryFileIssue(file);
    if (issue) return setError(issue);
    setError(null);
    upload.mutate(
      { title: title.trim(), description: description.trim(), file },
      {
        onSuccess: () => {
          toast({ title: LX.uploaded });
          setTitle("");
          setDescription("");
          setFile(null);
          setFileKey((k) => k + 1);
        },
        onError: (err) => setError(serverMessage(err, LX.saveError)),
      },
    );
  };

  return (
    <Card className="flex flex-col" data-testid="action-media-library">
      <div className="grid gap-3 p-5">
        <div className="flex items-start gap-3">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-primary">
            <Library className="size-5" aria-hidden />
          </span>
          <div className="grid min-w-0 gap-1.5">
            <CardTitle>{LX.title}</CardTitle>
            <CardDescription>{LX.description}</CardDescription>
          </div>
        </div>
        {library.isError ? (
          <p className="text-xs text-destructive" role="alert">
            {LX.loadError}
          </p>
        ) : !data ? (
          <span className="h-10 animate-pulse rounded-md bg-muted" />
        ) : data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{LX.empty}</p>
        ) : (
          <ul className="grid gap-2" aria-label={LX.title}>
            {data.items.map((item) => {
              const Icon = mediaKind(item.contentType) === "image" ? ImageIcon : FileText;
              return (
                <li key={item.id} className="flex items-start gap-2 rounded-lg border p-2" data-testid="library-item">
                  <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <div className="grid min-w-0 flex-1 gap-0.5">
                    <span className="truncate text-sm font-medium">{item.title}</span>
                    {item.description ? <span className="text-xs text-muted-foreground">{item.description}</span> : null}
                    <span className="truncate text-xs text-muted-foreground">
                      {item.fileName} · {sizeLabel(item.size)}
                    </span>
                  </div>
                  {data.canEdit ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={LX.remove(item.title)}
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(item.id, { onSuccess: () => toast({ title: LX.removed }) })
                      }
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {data && !data.canEdit ? <p className="text-xs text-muted-foreground">{LX.onlyOwner}</p> : null}
        {data?.canEdit ? (
          <form className="grid gap-2 border-t pt-3" onSubmit={submit} noValidate>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-title`}>{LX.titleLabel}</Label>
              <Input id={`${id}-title`} value={title} maxLength={120} placeholder={LX.titlePlaceholder} onChange={(e) => setTitle(e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-description`}>{LX.descriptionLabel}</Label>
              <Textarea id={`${id}-description`} rows={2} value={description} maxLength={500} placeholder={LX.descriptionPlaceholder} onChange={(e) => setDescription(e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-file`}>{LX.fileLabel}</Label>
              <Input
                id={`${id}-file`}
                key={fileKey}
                type="file"
                accept="application/pdf,image/jpeg,image/png,image/webp"
                aria-describedby={`${id}-hint`}
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
              <span id={`${id}-hint`} className="text-xs text-muted-foreground">
                {LX.fileHint}
              </span>
            </div>
            <FieldError>{error}</FieldError>
            <Button type="submit" size="sm" className="justify-self-start" disabled={upload.isPending}>
              {upload.isPending ? LX.uploading : LX.upload}
            </Button>
          </form>
        ) : null}
      </div>
    </Card>
  );
}
