// What every bench fake Twilio answers alike.

// The account check a save makes (GET /2010-04-01/Accounts/{sid}.json); answers whether it was one.
export function answerAccountCheck(req, res) {
  const match = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\.json$/.exec(req.url ?? "");
  if (!match) return false;
  res.writeHead(200, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ sid: match[1], status: "active", friendly_name: "Bench" }));
  return true;
}
