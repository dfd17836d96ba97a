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
  types: Record<string, ContentTypeBody>;
  approval: FakeApproval | null;
}

export interface ContentCall {
  method: string;
  path: string;
  accountSid: string | null;
  body: any;
}

export interface ContentTypeBody {
  body?: string;
  title?: string;
  subtitle?: string;
  media?: string[];
  actions?: { type?: string; title?: string; id?: string; url?: string; phone?: string }[];
}

const KNOWN_TYPES = ["twilio/text", "twilio/media", "twilio/quick-reply", "twilio/call-to-action", "twilio/card"];
const isText = (v: unknown): v is string => typeof v === "string" && v.length > 0;
const isHttpsUrl = (v: unknown) => typeof v === "string" && /^https:\/\/\S+$/.test(v);

// What the real Content API refuses in `types` (its docs per type): the reason, or null when valid.
export function contentTypesIssue(types: unknown): string | null {
  if (!types || typeof types !== "object" || Object.keys(types).length === 0) return "Types is required";
  for (const [name, value] of Object.entries(types as Record<string, ContentTypeBody>)) {
    if (!KNOWN_TYPES.includes(name)) return `Unsupported content type ${name}`;
    const t = value ?? {};
    const actions = t.actions ?? [];
    if (t.media !== undefined && (!Array.isArray(t.media) || !t.media.every(isHttpsUrl))) return `${name}: media must be a list of public URLs`;
    if (actions.some((a) => !isText(a.title) || a.title.length > 20)) return `${name}: every action needs a title of at most 20 characters`;
    if (name !== "twilio/card" && (!isText(t.body) || t.body.length > 1024)) {
      if (!(name === "twilio/media" && t.body === undefined)) return `${name}: body is required, at most 1024 characters`;
    }
    switch (name) {
      case "twilio/media":
        if (!t.media?.length) return "twilio/media: media is required";
        break;
      case "twilio/quick-reply":
        if (actions.length < 1 || actions.length > 10) return "twilio/quick-reply: between 1 and 10 actions";
        if (actions.some((a) => (a.type ?? "QUICK_REPLY") !== "QUICK_REPLY" || !isText(a.id))) return "twilio/quick-reply: actions must be QUICK_REPLY with an id";
        break;
      case "twilio/call-to-action":
        if (actions.length < 1) return "twilio/call-to-action: at least one action";
        for (const a of actions) {
          if (a.type === "URL" ? !isHttpsUrl(a.url) : a.type === "PHONE_NUMBER" ? !/^\+[1-9]\d{6,14}$/.test(a.phone ?? "") : true)
            return `twilio/call-to-action: invalid action ${a.type ?? "(no type)"}`;
        }
        break;
      case "twilio/card": {
        if (!isText(t.title) && !isText(t.body)) return "twilio/card: title or body is required";
        if ((t.title?.length ?? 0) > 1024) return "twilio/card: title is at most 1024 characters";
        if (t.subtitle !== undefined && (!isText(t.subtitle) || t.subtitle.length > 60)) return "twilio/card: subtitle is at most 60 characters";
        if (!t.subtitle && !t.media?.length && actions.length === 0) return "twilio/card: at least one field besides the title";
        for (const a of actions) {
          const ok = a.type === "QUICK_REPLY" ? isText(a.id) : a.type === "URL" ? isHttpsUrl(a.url) : a.type === "PHONE_NUMBER" ? /^\+[1-9]\d{6,14}$/.test(a.phone ?? "") : false;
          if (!ok) return `twilio/card: invalid action ${a.type ?? "(no type)"}`;
        }
        break;
      }
    }
  }
  return null;
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
      const issue = contentTypesIssue(body?.types);
      if (issue) return Response.json({ code: 20001, message: `Invalid Parameter: ${issue}`, more_info: "https://www.twilio.com/docs/errors/20001", status: 400 }, { status: 400 });
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
