import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { liveSockets } from "../db/schema";

// Which of these live objects have a socket registered (live_sockets: a row from before the upgrade
// until the socket closes). Frames for an object nobody listens to are not sent: waking a conversation's
// Durable Object for each of 10,000 campaign messages costs more than the message itself.
// The account narrows the read to its sockets (live_sockets_account_idx) when it is known.
export function liveListenersQuery(db: Db, accountId: string | null, kind: "conversation" | "account", names: string[]) {
  return db
    .selectDistinct({ name: liveSockets.objectName })
    .from(liveSockets)
    .where(
      and(
        accountId === null ? undefined : eq(liveSockets.twilioAccountId, accountId),
        eq(liveSockets.objectKind, kind),
        inArray(liveSockets.objectName, names.length ? names : [""]),
      ),
    );
}
