import { Hono } from "hono";
import { GOOGLE_DEFAULT_MAPPING, type GoogleLead, googleLeadSchema, leadInputSchema } from "@shared/schemas/lead-sources";
import { LEAD_TEXTS as TX } from "@shared/texts/leads";
import type { Db } from "@worker/db/client";
import { constantTimeEqual } from "@worker/lib/crypto";
import { badRequest, HttpError, notFound } from "@worker/lib/http-error";
import type { AppEnv } from "@worker/types";
import { findAccount } from "../accounts/repo";
import * as repo from "./repo";
import { saveLead } from "./service";

// A lead form's column for a lead field: the source's mapping (a column id or the question's text),
// else Google's standard column id; a full name may come as first and last name.
function column(lead: GoogleLead, wanted: string | undefined) {
  if (!wanted) return undefined;
  const w = wanted.trim().toLowerCase();
  return lead.user_column_data.find((c) => c.column_id?.toLowerCase() === w || c.column_name?.trim().toLowerCase() === w)?.string_value?.trim() || undefined;
}

export function googleLeadFields(lead: GoogleLead, mapping: Record<string, string>) {
  const pick = (key: keyof typeof GOOGLE_DEFAULT_MAPPING) => column(lead, mapping[key]) ?? column(lead, GOOGLE_DEFAULT_MAPPING[key]);
  const name = pick("name") ?? ([column(lead, "FIRST_NAME"), column(lead, "LAST_NAME")].filter(Boolean).join(" ") || undefined);
  return { phone: pick("phoneNumber") ?? "", name, email: pick("email"), company: pick("company"), notes: pick("notes") };
}

// Google posts each lead once per submission and retries on failure; the answer is 200 with an empty
// JSON object. The key Google sends must be the source's; a test lead (is_test) is acknowledged and not saved.
export async function receiveGoogleLead(env: Env, db: Db, sourceId: string, body: unknown) {
  const source = await repo.findSource(db, sourceId);
  if (!source || source.type !== "google") throw notFound(TX.sourceNotFound);
  const parsed = googleLeadSchema.safeParse(body);
  if (!parsed.success) throw badRequest(TX.googleBodyInvalid, parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })));
  const key = typeof source.settings?.googleKey === "string" ? source.settings.googleKey : "";
  if (!key || !constantTimeEqual(parsed.data.google_key, key)) throw new HttpError(403, TX.googleKeyInvalid);
  if (parsed.data.is_test) return;
  const account = await findAccount(db, source.twilioAccountId);
  if (!account || !source.isActive) throw notFound(TX.sourceNotFound);
  const fields = googleLeadFields(parsed.data, source.fieldMapping ?? {});
  const input = leadInputSchema.safeParse({
    ...fields,
    email: fields.email?.slice(0, 200),
    name: fields.name?.slice(0, 200),
    company: fields.company?.slice(0, 200),
    notes: fields.notes?.slice(0, 2000),
    externalId: parsed.data.lead_id?.slice(0, 200),
    leadSourceId: source.id,
  });
  if (!input.success) throw badRequest(TX.googleNoPhone, input.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })));
  await saveLead(env, db, { account, userId: source.userId }, input.data);
}

export const googleLeadRoutes = new Hono<AppEnv>().post("/:sourceId", async (c) => {
  const body = await c.req.json().catch(() => {
    throw badRequest(TX.googleBodyInvalid);
  });
  await receiveGoogleLead(c.env, c.var.db, c.req.param("sourceId"), body);
  return c.json({}, 200);
});
