// What every bench fake Twilio answers alike.
import { createHmac } from "node:crypto";

// X-Twilio-Signature: HMAC-SHA1, keyed with the account's auth token, of the URL Twilio called followed
// by each POST parameter's name and value, sorted by name; base64.
export function twilioSignature(authToken, url, params) {
  const data = url + Object.keys(params).sort().map((k) => k + params[k]).join("");
  return createHmac("sha1", authToken).update(data).digest("base64");
}

// The account check a save makes (GET /2010-04-01/Accounts/{sid}.json); answers whether it was one.
export function answerAccountCheck(req, res) {
  const match = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\.json$/.exec(req.url ?? "");
  if (!match) return false;
  res.writeHead(200, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ sid: match[1], status: "active", friendly_name: "Bench" }));
  return true;
}
