// A fake of Twilio's Content API (https://content.twilio.fake): content creation, the WhatsApp
// approval request and its status, deletion, and the ContentAndApprovals list. Tests decide the verdict.
export interface FakeApproval {
  name: string;
  category: string;
  status: string;
  rejection_reason: string;
}

export interface FakeContent {
  sid: string;
  accountSid: string;
  friendlyName: string;
  language: string;
  variables: Record<string, string>;
  types: Record<string, { body?: string; media?: string[] }>;
  approval: FakeApproval | null;
}

export interface ContentCall {
  method: string;
  path: string;
  accountSid: string | null;
  body: any;
}

function accountOf(request: Request): string | null {
  const auth = request.headers.get("Authorization") ?? "";
  if (!auth.startsWith("Basic ")) return null;
  return atob(auth.slice(6)).split(":")[0] ?? null;
}

export function fakeTwilioContent() {
  const contents = new Map<string, FakeContent>();
  const calls: ContentCall[] = [];
  // Per account SID: make the next calls fail with this status and Twilio error body.
  const failures = new Map<string, { status: number; code: number; message: string }>();

  const handler = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const text = request.method === "GET" || request.method === "DELETE" ? "" : await request.text();
    const body = text ? JSON.parse(text) : null;
    const accountSid = accountOf(request);
    calls.push({ method: request.method, path: url.pathname, accountSid, body });
    if (!accountSid) return Response.json({ code: 20003, message: "Authenticate", status: 401 }, { status: 401 });
    const failure = failures.get(accountSid);
    if (failure) return Response.json({ code: failure.code, message: failure.message, status: failure.status }, { status: failure.status });

    const parts = url.pathname.split("/").filter(Boolean);
    if (request.method === "POST" && url.pathname === "/v1/Content") {
      const sid = `HX${crypto.randomUUID().replaceAll("-", "")}`;
      contents.set(sid, {
        sid,
        accountSid,
        friendlyName: body.friendly_name,
        language: body.language,
        variables: body.variables ?? {},
        types: body.types ?? {},
        approval: null,
      });
      return Response.json({ sid, account_sid: accountSid, friendly_name: body.friendly_name, language: body.language, variables: body.variables, types: body.types }, { status: 201 });
    }
    if (request.method === "GET" && url.pathname === "/v1/ContentAndApprovals") {
      const mine = [...contents.values()].filter((c) => c.accountSid === accountSid);
      return Response.json({
        contents: mine.map((c) => ({
          sid: c.sid,
          friendly_name: c.friendlyName,
          language: c.language,
          variables: c.variables,
          types: c.types,
          approval_requests: c.approval ? { status: c.approval.status, category: c.approval.category } : null,
        })),
        meta: { next_page_url: null },
      });
    }
    const content = parts[2] ? contents.get(parts[2]) : undefined;
    if (parts[0] !== "v1" || parts[1] !== "Content" || !content || content.accountSid !== accountSid) {
      return Response.json({ code: 20404, message: "The requested resource was not found", status: 404 }, { status: 404 });
    }
    if (request.method === "DELETE" && parts.length === 3) {
      contents.delete(content.sid);
      return new Response(null, { status: 204 });
    }
    if (request.method === "POST" && parts[3] === "ApprovalRequests" && parts[4] === "whatsapp") {
      content.approval = { name: body.name, category: body.category, status: "received", rejection_reason: "" };
      return Response.json({ ...content.approval, content_type: Object.keys(content.types)[0], allow_category_change: true }, { status: 201 });
    }
    if (request.method === "GET" && parts[3] === "ApprovalRequests" && parts.length === 4) {
      return Response.json({ sid: content.sid, account_sid: accountSid, whatsapp: content.approval ?? {} });
    }
    return Response.json({ code: 20404, message: "Not found", status: 404 }, { status: 404 });
  };

  const verdict = (sid: string, status: string, reason = "") => {
    const content = contents.get(sid);
    if (!content?.approval) throw new Error(`no approval request for ${sid}`);
    content.approval.status = status;
    content.approval.rejection_reason = reason;
  };

  return {
    contents,
    calls,
    failures,
    handler,
    approve: (sid: string) => verdict(sid, "approved"),
    reject: (sid: string, reason: string) => verdict(sid, "rejected", reason),
  };
}
