import { FileText, Loader2, MapPin, MousePointerClick, TriangleAlert } from "lucide-react";
import { type ApiMedia, mapsUrl, mediaKind } from "@shared/media";
import { MEDIA_TEXTS as MX } from "@shared/texts/media";
import type { ApiMessage } from "@shared/schemas/conversations";
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from "@web/components/ui/dialog";

function formatSize(bytes: number | null) {
  if (bytes === null) return "";
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(".", ",")} MB`;
}

function Attachment({ media }: { media: ApiMedia }) {
  if (media.status === "pending") {
    return (
      <p className="flex items-center gap-1.5 text-xs opacity-80" data-testid="media-pending">
        <Loader2 className="size-3.5 animate-spin" aria-hidden />
        {MX.loading}
      </p>
    );
  }
  if (media.status === "failed" || !media.url) {
    return (
      <p className="flex items-start gap-1.5 rounded-md bg-destructive/15 px-2 py-1 text-xs" data-testid="media-failed">
        <TriangleAlert className="mt-0.5 size-3.5 shrink-0 text-destructive" aria-hidden />
        <span>
          {MX.failed}
          {media.failureReason ? `: ${media.failureReason}` : ""}
        </span>
      </p>
    );
  }
  const kind = mediaKind(media.contentType);
  if (kind === "image") {
    return (
      <Dialog>
        <DialogTrigger asChild>
          <button type="button" className="block overflow-hidden rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" aria-label={MX.enlarge}>
            <img src={media.url} alt={media.fileName ?? MX.photo} loading="lazy" className="max-h-64 w-auto max-w-full object-cover" data-testid="media-image" />
          </button>
        </DialogTrigger>
        <DialogContent className="max-w-[min(96vw,64rem)] p-2 sm:p-3">
          <DialogTitle className="sr-only">{media.fileName ?? MX.photo}</DialogTitle>
          <img src={media.url} alt={media.fileName ?? MX.photo} className="max-h-[85dvh] w-full object-contain" />
        </DialogContent>
      </Dialog>
    );
  }
  if (kind === "audio") {
    return (
      <div className="grid gap-1" data-testid="media-audio">
        <audio controls preload="metadata" src={media.url} className="h-10 w-64 max-w-full" aria-label={MX.voiceNote} />
        {media.transcript ? (
          <p className="text-xs italic opacity-90" data-testid="media-transcript">
            <span className="font-semibold not-italic">{MX.transcript}: </span>
            {media.transcript}
          </p>
        ) : null}
      </div>
    );
  }
  if (kind === "video") {
    return <video controls preload="metadata" src={media.url} className="max-h-64 max-w-full rounded-lg" aria-label={MX.video} data-testid="media-video" />;
  }
  return (
    <a
      href={media.url}
      download={media.fileName ?? undefined}
      className="flex items-center gap-2 rounded-lg border border-current/20 bg-background/40 px-2.5 py-2 text-xs hover:bg-background/60"
      data-testid="media-document"
    >
      <FileText className="size-5 shrink-0" aria-hidden />
      <span className="min-w-0">
        <span className="block truncate font-medium">{media.fileName ?? MX.document}</span>
        <span className="opacity-75">
          {MX.download} · {formatSize(media.size)}
        </span>
      </span>
    </a>
  );
}

// What a message carries besides its text: attachments, a shared location, a tapped button.
export function MessageMedia({ message }: { message: ApiMessage }) {
  const media = message.media ?? [];
  if (media.length === 0 && !message.location && !message.button) return null;
  return (
    <div className="mt-1 grid gap-1.5">
      {media.map((m) => (
        <Attachment key={m.id} media={m} />
      ))}
      {message.location ? (
        <a
          href={mapsUrl(message.location)}
          target="_blank"
          rel="noopener noreferrer"
          className="flex items-start gap-2 rounded-lg border border-current/20 bg-background/40 px-2.5 py-2 text-xs hover:bg-background/60"
          data-testid="media-location"
        >
          <MapPin className="size-5 shrink-0" aria-hidden />
          <span>
            <span className="block font-medium">{message.location.label ?? MX.location}</span>
            {message.location.address ? <span className="block">{message.location.address}</span> : null}
            <span className="underline">{MX.openMap}</span>
          </span>
        </a>
      ) : null}
      {message.button ? (
        <p className="flex items-center gap-1.5 text-xs font-medium" data-testid="media-button">
          <MousePointerClick className="size-3.5" aria-hidden />
          {MX.buttonTapped(message.button.text)}
        </p>
      ) : null}
    </div>
  );
}
