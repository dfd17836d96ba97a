import { FileText, Paperclip, X } from "lucide-react";
import { type DragEvent, useEffect, useRef, useState } from "react";
import { OUTBOUND_MEDIA_TYPES } from "@shared/media";
import { MEDIA_TEXTS as MX } from "@shared/texts/media";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { attachmentIssue, useSendMedia } from "../api/send-media";
import { sendFailureText } from "../lib/composer";

// The composer's attachment: picked or dropped, checked against WhatsApp's limits, uploaded with progress.
export function useAttachment(conversationId: string) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const send = useSendMedia();

  const pick = (picked: File | undefined | null) => {
    if (!picked) return;
    const issue = attachmentIssue(picked);
    if (issue) {
      toast({ title: T.error, description: issue, variant: "destructive" });
      return;
    }
    setFile(picked);
  };
  const clear = () => {
    setFile(null);
    setProgress(null);
    if (input.current) input.current.value = "";
  };
  const dropHandlers = {
    onDragOver: (e: DragEvent) => {
      if (!e.dataTransfer.types.includes("Files")) return;
      e.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (e: DragEvent) => {
      if (!e.dataTransfer.files.length) return;
      e.preventDefault();
      setDragging(false);
      pick(e.dataTransfer.files[0]);
    },
  };
  return {
    file,
    progress,
    dragging,
    input,
    pick,
    clear,
    dropHandlers,
    uploading: send.isPending,
    send: (caption: string, done: () => void) => {
      if (!file || send.isPending) return;
      setProgress(0);
      send.mutate(
        { id: conversationId, file, caption: caption || undefined, onProgress: setProgress },
        {
          onSuccess: () => {
            clear();
            done();
          },
          onError: (err) => {
            setProgress(null);
            toast({ title: T.error, description: sendFailureText(serverMessage(err, "")), variant: "destructive" });
          },
        },
      );
    },
  };
}

type Attachment = ReturnType<typeof useAttachment>;

export function AttachButton({ attachment }: { attachment: Attachment }) {
  return (
    <>
      <input
        ref={attachment.input}
        type="file"
        className="sr-only"
        tabIndex={-1}
        accept={OUTBOUND_MEDIA_TYPES.join(",")}
        data-testid="composer-file"
        aria-label={MX.attach}
        onChange={(e) => attachment.pick(e.target.files?.[0])}
      />
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={MX.attach}
        title={`${MX.attach}: ${MX.attachHint}`}
        disabled={attachment.uploading}
        onClick={() => attachment.input.current?.click()}
        data-testid="composer-attach"
      >
        <Paperclip aria-hidden />
      </Button>
    </>
  );
}

// The chosen file, the upload's progress bar, and the hint while a file is dragged over the composer.
export function AttachmentBar({ attachment }: { attachment: Attachment }) {
  if (attachment.dragging) {
    return <p className="rounded-lg border border-dashed border-primary px-3 py-2 text-center text-sm text-primary">{MX.dropHere}</p>;
  }
  if (!attachment.file) return null;
  const { file, progress } = attachment;
  return (
    <div className="grid gap-1.5 rounded-lg border bg-muted/50 px-3 py-2" data-testid="composer-attachment">
      <div className="flex items-center gap-2 text-sm">
        {file.type.startsWith("image/") ? <Thumbnail file={file} /> : <FileText className="size-5 shrink-0" aria-hidden />}
        <span className="min-w-0 flex-1 truncate">{file.name}</span>
        <Button type="button" variant="ghost" size="icon" aria-label={MX.removeAttachment} title={MX.removeAttachment} disabled={attachment.uploading} onClick={attachment.clear}>
          <X aria-hidden />
        </Button>
      </div>
      {progress !== null ? (
        <div className="grid gap-1">
          <div className="h-1.5 overflow-hidden rounded-full bg-muted" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} aria-label={MX.uploading(progress)}>
            <div className="h-full bg-primary transition-[width]" style={{ width: `${progress}%` }} />
          </div>
          <span className="text-xs text-muted-foreground">{MX.uploading(progress)}</span>
        </div>
      ) : null}
    </div>
  );
}

function Thumbnail({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url ? <img src={url} alt="" className="size-10 rounded object-cover" /> : null;
}
