// Where the console keeps encrypted secrets, and the SQL that moves each one under the current key.
// Shared by scripts/rotate-encryption-key.mjs and its test. Every UPDATE names the value it replaces,
// so a secret that someone changed meanwhile is left alone.
import { reencryptSecret } from "../worker/lib/crypto.ts";

const quote = (value) => `'${String(value).replaceAll("'", "''")}'`;

export const STORED_SECRETS = [
  {
    name: "Twilio auth tokens",
    select: "SELECT id, auth_token AS value FROM twilio_accounts",
    update: (id, from, to) => `UPDATE twilio_accounts SET auth_token = ${quote(to)} WHERE id = ${quote(id)} AND auth_token = ${quote(from)};`,
  },
  {
    name: "Airtable keys of lists",
    select: "SELECT id, json_extract(config, '$.apiKey') AS value FROM lists WHERE json_extract(config, '$.apiKey') IS NOT NULL",
    update: (id, from, to) =>
      `UPDATE lists SET config = json_set(config, '$.apiKey', ${quote(to)}) WHERE id = ${quote(id)} AND json_extract(config, '$.apiKey') = ${quote(from)};`,
  },
  {
    name: "Airtable keys of memories",
    select: "SELECT id, json_extract(data_source, '$.apiKey') AS value FROM memories WHERE json_extract(data_source, '$.apiKey') IS NOT NULL",
    update: (id, from, to) =>
      `UPDATE memories SET data_source = json_set(data_source, '$.apiKey', ${quote(to)}) WHERE id = ${quote(id)} AND json_extract(data_source, '$.apiKey') = ${quote(from)};`,
  },
];

// rows: for each entry of STORED_SECRETS (same order), the { id, value } rows its select answered.
// keys: "<new>,<old>" as in ENCRYPTION_KEY. Values already under the new key need no statement.
export async function rotationStatements(rows, keys) {
  const statements = [];
  for (const [i, place] of STORED_SECRETS.entries()) {
    for (const row of rows[i] ?? []) {
      const next = await reencryptSecret(row.value, keys);
      if (next !== null) statements.push(place.update(row.id, row.value, next));
    }
  }
  return statements;
}
