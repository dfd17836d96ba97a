import { StickyNote } from "lucide-react";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import type { ApiNote } from "@shared/schemas/conversations";
import { fullDateTime, relativeTime } from "@web/lib/conversation-format";

// An internal note sits in the middle of the thread, dashed and amber: the customer never sees it.
export function NoteBubble({ note, now }: { note: ApiNote; now: Date }) {
  return (
    <li className="flex justify-center" data-testid="note-bubble">
      <div className="w-full max-w-[85%] rounded-xl border border-dashed border-warning/60 bg-warning/10 px-3.5 py-2 text-sm sm:max-w-[70%]">
        <p className="mb-1 flex items-center gap-1.5 text-[11px] font-semibold text-warning-foreground">
          <StickyNote className="size-3.5" aria-hidden />
          {TX.noteBadge} · {note.authorName}
        </p>
        <p className="break-words whitespace-pre-wrap">{note.content}</p>
        <time dateTime={note.createdAt} title={fullDateTime(note.createdAt)} className="mt-1 block text-right text-[10px] text-muted-foreground">
          {relativeTime(note.createdAt, now)}
        </time>
      </div>
    </li>
  );
}
