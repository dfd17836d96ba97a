// What Google Ads posts to a lead form webhook when someone submits the form (or when the advertiser
// presses "Send test data"): the WebhookLead JSON of
// https://developers.google.com/google-ads/webhook/docs/implementation, with user_column_data holding
// the form's answers by column id (and, for custom questions, the question's text as column_name).
export interface GoogleFormAnswer {
  columnId: string;
  value: string;
  columnName?: string;
}

export function googleLeadPayload(opts: { key: string; answers: GoogleFormAnswer[]; test?: boolean; leadId?: string }) {
  return {
    lead_id: opts.leadId ?? `TeSter-123-${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`,
    user_column_data: opts.answers.map((a) => ({ column_name: a.columnName ?? a.columnId.replaceAll("_", " ").toLowerCase(), string_value: a.value, column_id: a.columnId })),
    api_version: "1.0",
    form_id: 40000000000,
    campaign_id: 12345678901,
    google_key: opts.key,
    is_test: opts.test ?? false,
    gcl_id: "TeSter-123-ABCDEFGHIJKLMNOPQRSTUVWXYZ-abcdefghijklmnopqrstuvwxyz-0123456789-AaBbCcDdEeFfGgHhIiJj",
    adgroup_id: 20000000000,
    creative_id: 30000000000,
  };
}

// Google's own test lead, as "Send test data" sends it.
export function googleTestLead(key: string) {
  return googleLeadPayload({
    key,
    test: true,
    answers: [
      { columnId: "FULL_NAME", value: "FirstName LastName", columnName: "Full Name" },
      { columnId: "EMAIL", value: "test@example.com", columnName: "User Email" },
      { columnId: "PHONE_NUMBER", value: "+16505550123", columnName: "User Phone" },
    ],
  });
}
