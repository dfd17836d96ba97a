import { ArrowLeft, Camera, CheckCheck, FileText, MapPin, Mic, SendHorizontal } from "lucide-react";
import { mediaKind } from "@shared/media";
import { MEDIA_TEXTS as MX } from "@shared/texts/media";
import { useEffect, useRef, useState } from "react";
import { SIMULATOR_TEXTS as SX } from "@shared/texts/simulator";
import type { ApiConversation, ApiMessage } from "@shared/schemas/conversations";
import { T } from "@shared/strings";
import { cn } from "@web/lib/cn";
import { clockTime, wordInitials } from "@web/lib/conversation-format";
import { useActiveAccount } from "@web/lib/queries/get-active-account";
import { useSimulateInbound } from "../api/simulate-inbound";
import { useSimulateMedia } from "../api/simulate-media";
import { customerVisibleMessages } from "../lib/customer-view";

function PhoneMessage({ message }: { message: ApiMessage }) {
  const mine = message.sender === "customer";
  return (
    <li className={cn("flex", mine ? "justify-end" : "justify-start")} data-testid="simulator-message" data-from={mine ? "customer" : "business"}>
      <div
        className={cn(
          "relative max-w-[85%] rounded-lg px-2.5 pt-1.5 pb-1 text-[13.5px] leading-snug text-[#111B21] shadow-[0_1px_0.5px_rgba(11,20,26,0.13)] dark:text-[#E9EDEF]",
          mine ? "rounded-tr-none bg-[#D9FDD3] dark:bg-[#005C4B]" : "rounded-tl-none bg-white dark:bg-[#202C33]",
        )}
      >
        <PhoneAttachments message={message} />
        {message.content ? <p className="break-words whitespace-pre-wrap">{message.content}</p> : null}
        <p className={cn("mt-0.5 flex items-center justify-end gap-1 text-[10.5px]", mine ? "text-[#4d5d66] dark:text-[#D1D7DB]" : "text-[#5b6b74] dark:text-[#AEBAC1]")}>
          <time dateTime={message.createdAt}>{clockTime(message.createdAt)}</time>
          {mine ? <CheckCheck className="size-3.5 text-[#53BDEB]" aria-hidden /> : null}
        </p>
      </div>
    </li>
  );
}

// Photos, voice notes, documents and locations as the customer's WhatsApp shows them.
function PhoneAttachments({ message }: { message: ApiMessage }) {
  return (
    <>
      {(message.media ?? []).map((m) => {
        const kind = mediaKind(m.contentType);
        if (!m.url) return <p key={m.id} className="text-xs italic">{m.status === "failed" ? MX.failed : MX.loading}</p>;
        if (kind === "image") return <img key={m.id} src={m.url} alt={m.fileName ?? MX.photo} className="mb-1 max-h-48 rounded" />;
        if (kind === "audio") return <audio key={m.id} controls src={m.url} className="mb-1 h-9 w-56 max-w-full" aria-label={MX.voiceNote} />;
        return (
          <p key={m.id} className="mb-1 flex items-center gap-1.5 rounded bg-black/5 px-2 py-1.5 text-xs dark:bg-white/10">
            <FileText className="size-4 shrink-0" aria-hidden />
            {m.fileName ?? MX.document}
          </p>
        );
      })}
      {message.location ? (
        <p className="mb-1 flex items-center gap-1.5 text-xs">
          <MapPin className="size-4 shrink-0 text-[#00A884]" aria-hidden />
          {message.location.label ?? message.location.address ?? MX.location}
        </p>
      ) : null}
    </>
  );
}

const SAMPLES = [
  { kind: "photo", label: MX.simPhoto, icon: Camera },
  { kind: "voice", label: MX.simVoice, icon: Mic },
  { kind: "document", label: MX.simDocument, icon: FileText },
  { kind: "location", label: MX.simLocation, icon: MapPin },
] as const;

// A phone showing the conversation as the customer sees it on WhatsApp, with a box to write as them.
export function SimulatorPanel({ conversation, messages }: { conversation: ApiConversation; messages: ApiMessage[] }) {
  const { data: account } = useActiveAccount();
  const businessName = account?.name ?? T.appName;
  const [text, setText] = useState("");
  const scroller = useRef<HTMLDivElement>(null);
  const send = useSimulateInbound({ onSuccess: () => setText("") });
  const sendMedia = useSimulateMedia();
  const visible = customerVisibleMessages(messages);
  const blank = text.trim().length === 0;
  const lastId = visible[visible.length - 1]?.id;

  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [visible.length, lastId]);

  const submit = () => {
    if (blank || send.isPending) return;
    send.mutate({ phoneNumber: conversation.phoneNumber, body: text.trim(), profileName: conversation.customerName ?? undefined });
  };

  return (
    <div className="mx-auto flex h-[600px] w-full max-w-[360px] flex-col gap-2 lg:h-full" data-testid="simulator">
      <p className="px-1 text-xs text-muted-foreground">{SX.hint}</p>
      <div className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-[2.5rem] border-[10px] border-neutral-900 bg-neutral-900 shadow-xl dark:border-neutral-700 dark:bg-neutral-700">
        <div className="flex justify-center bg-[#008069] pt-1.5 pb-1 dark:bg-[#202C33]" aria-hidden>
          <span className="h-1.5 w-16 rounded-full bg-black/40" />
        </div>
        <div className="flex items-center gap-2.5 bg-[#008069] px-3 pb-2.5 text-white dark:bg-[#202C33] dark:text-[#E9EDEF]">
          <ArrowLeft className="size-4 opacity-90" aria-hidden />
          <span className="inline-flex size-8 items-center justify-center rounded-full bg-white/25 text-xs font-semibold" aria-hidden>
            {wordInitials(businessName)}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold" data-testid="simulator-business-name">
              {businessName}
            </p>
            <p className="text-[11px] opacity-80">{SX.online}</p>
          </div>
        </div>
        <div ref={scroller} tabIndex={0} className="min-h-0 flex-1 overflow-y-auto bg-[#EFEAE2] px-3 py-3 dark:bg-[#0B141A]" data-testid="simulator-thread">
          {visible.length === 0 ? (
            <p className="mx-auto mt-6 max-w-[85%] rounded-lg bg-[#FFF5C4] px-3 py-2 text-center text-xs text-[#54656F] dark:bg-[#182229] dark:text-[#8696A0]">
              {SX.empty}
            </p>
          ) : (
            <ol className="flex flex-col gap-1.5" aria-label={SX.title}>
              {visible.map((m) => (
                <PhoneMessage key={m.id} message={m} />
              ))}
            </ol>
          )}
        </div>
        <div className="flex justify-around bg-[#F0F2F5] px-2 pt-2 dark:bg-[#1F2C34]" data-testid="simulator-media">
          {SAMPLES.map(({ kind, label, icon: Icon }) => (
            <button
              key={kind}
              type="button"
              aria-label={label}
              title={label}
              data-testid={`simulator-${kind}`}
              disabled={sendMedia.isPending}
              onClick={() => sendMedia.mutate({ phoneNumber: conversation.phoneNumber, kind, profileName: conversation.customerName ?? undefined })}
              className="inline-flex size-9 items-center justify-center rounded-full text-[#54656F] transition-colors hover:bg-black/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[#00A884] disabled:opacity-50 dark:text-[#8696A0] dark:hover:bg-white/10"
            >
              <Icon className="size-5" aria-hidden />
            </button>
          ))}
        </div>
        <form
          className="flex items-center gap-2 bg-[#F0F2F5] p-2 dark:bg-[#1F2C34]"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <input
            data-testid="simulator-input"
            aria-label={SX.send}
            value={text}
            maxLength={1600}
            placeholder={SX.placeholder}
            onChange={(e) => setText(e.target.value)}
            className="h-10 min-w-0 flex-1 rounded-full bg-white px-4 text-sm text-[#111B21] placeholder:text-[#667781] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[#00A884] dark:bg-[#2A3942] dark:text-[#E9EDEF] dark:placeholder:text-[#8696A0]"
          />
          <button
            type="submit"
            data-testid="simulator-send"
            disabled={blank || send.isPending}
            aria-label={SX.send}
            title={SX.send}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-[#00A884] text-white transition-opacity focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[#00A884] focus-visible:ring-offset-2 disabled:opacity-50"
          >
            <SendHorizontal className="size-5" aria-hidden />
          </button>
        </form>
      </div>
    </div>
  );
}
