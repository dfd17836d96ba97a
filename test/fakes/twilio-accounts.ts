// Twilio's account resource, GET /2010-04-01/Accounts/{Sid}.json, as the real API answers it: the
// account for a matching SID and token, 401 with error 20003 for a wrong token, 404 (20404) for a SID
// the credentials cannot see. Saving a real provider account calls it to check the credentials.
const ACCOUNT_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\.json$/;

// Accounts whose token the fake knows; any other AC… SID is taken as an existing account.
const knownTokens = new Map<string, string>();

export function registerTwilioAccount(sid: string, token: string) {
  knownTokens.set(sid, token);
}

export function isTwilioAccountFetch(request: Request) {
  const url = new URL(request.url);
  return request.method === "GET" && url.hostname === "twilio.fake" && ACCOUNT_PATH.test(url.pathname);
}

const twilioError = (status: number, code: number, message: string) =>
  Response.json({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, { status });

export function twilioAccountResponse(request: Request): Response {
  const sid = decodeURIComponent(ACCOUNT_PATH.exec(new URL(request.url).pathname)![1]!);
  const [user, token] = atob((request.headers.get("Authorization") ?? "").replace(/^Basic /, "")).split(":");
  if (!user || !token || !user.startsWith("AC") || (knownTokens.has(user) && knownTokens.get(user) !== token)) {
    return twilioError(401, 20003, "Authenticate");
  }
  if (user !== sid) return twilioError(404, 20404, `The requested resource /2010-04-01/Accounts/${sid}.json was not found`);
  return Response.json({
    sid,
    owner_account_sid: sid,
    friendly_name: "My first Twilio account",
    status: "active",
    type: "Full",
    auth_token: token,
    date_created: "Thu, 01 Jan 2026 10:00:00 +0000",
    date_updated: "Thu, 01 Jan 2026 10:00:00 +0000",
    uri: `/2010-04-01/Accounts/${sid}.json`,
    subresource_uris: { messages: `/2010-04-01/Accounts/${sid}/Messages.json` },
  });
}
