// The delivery status this isolate last wrote for an outbound message, by its account and Twilio sid, with the
// campaign counters that went with it. Statuses only move forward, so the database holds this one or
// one past it: a status callback that names it again (Twilio's `sent` after a send whose answer already
// said sent, a callback posted twice) is answered without a round trip. Another isolate's writes are
// not seen here, which only means the callback is applied as usual. The least recently written go first.
const known = new Map<string, string>();
const KNOWN_MAX = 20_000;

export function rememberStatus(accountId: string, sid: string, status: string) {
  const key = `${accountId}:${sid}`;
  known.delete(key);
  known.set(key, status);
  if (known.size > KNOWN_MAX) known.delete(known.keys().next().value!);
}

export const knownStatus = (accountId: string, sid: string) => known.get(`${accountId}:${sid}`);
