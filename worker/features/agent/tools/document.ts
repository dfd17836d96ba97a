import { AGENT_TEXTS } from "@shared/texts/agent";
import { HttpError } from "@worker/lib/http-error";
import { windowOpenUntil } from "@worker/features/conversations/service";
import { findByTitle, listLibrary } from "@worker/features/media-library/repo";
import { sendLibraryItem } from "@worker/features/media-library/service";
import type { ToolContext, ToolOutcome } from "./types";

function refused(reason: string, extra: Record<string, unknown> = {}): ToolOutcome {
  return { status: "refused", forModel: { esito: "rifiutato", motivo: reason, ...extra }, reason };
}

// Sends a file of the account's media library to the customer. WhatsApp only (an Italian SMS takes no
// attachment) and only inside the 24-hour window, where free-form messages may go; otherwise the model
// is told why, so it can say so or offer an operator.
export async function inviaDocumento(ctx: ToolContext, args: { documento: string }): Promise<ToolOutcome> {
  const { conversation } = ctx;
  if (conversation.channel === "sms") return refused("su SMS non si possono inviare documenti: proponi di continuare su WhatsApp o con un operatore");
  const until = windowOpenUntil(conversation);
  if (!until || until <= ctx.now) return refused("la finestra di 24 ore di WhatsApp è chiusa: il documento si può inviare solo dopo un nuovo messaggio del cliente");
  const item = await findByTitle(ctx.db, ctx.account.id, args.documento);
  if (!item) {
    const titles = (await listLibrary(ctx.db, ctx.account.id)).map((r) => r.title);
    return refused(`il documento «${args.documento}» non è nella libreria`, { documenti_disponibili: titles });
  }
  try {
    await sendLibraryItem(ctx.env, ctx.db, conversation, item, ctx.replyToId, ctx.now);
  } catch (err) {
    // The send rules said no at the last moment (an opt-out just arrived): the model hears why.
    if (err instanceof HttpError) return refused(err.message.toLowerCase());
    throw err;
  }
  return {
    status: "ok",
    forModel: { esito: "ok", inviato: item.title, file: item.fileName, messaggio: "Il file è stato inviato al cliente in un messaggio a parte: non incollare link." },
    eventText: AGENT_TEXTS.eventLines.document(item.title),
  };
}
