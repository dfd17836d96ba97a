// Writes a realistic seed for the local D1 of the benchmark as one SQL file, run with
// `wrangler d1 execute agentbot --local --persist-to <dir> --file <file>` after the migrations.
// Rows follow worker/db/schema.ts: epoch-ms times, every row scoped to its provider account, owners and
// members in account_users, each AI reply with the customer message it answers and its OpenAI usage row.
// The usage report's daily rollup (usage_daily_rollup) is not written here: the migrations' triggers on
// openai_usage fill it as the seed's usage rows are inserted, exactly as for the Worker's own writes.
// Deterministic (a seeded PRNG), so every run measures the same data.
import { createCipheriv, createHash, pbkdf2Sync, createHmac, randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";

export const SEED_DEFAULTS = {
  accounts: 3,
  conversations: 10_000,
  messages: 100_000,
  prompts: 50,
  memories: 200,
  leads: 20_000,
  campaigns: 100,
  // Share of each account in the data: the bench user's account is the largest tenant.
  weights: [0.5, 0.3, 0.2],
};

const DAY = 86_400_000;
const LONG_THREAD = 1_000;
const PBKDF2_ITERATIONS = 100_000;

// --- deterministic randomness --------------------------------------------------------------
function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
    // Standard normal (Box–Muller), for skewed sizes.
    normal: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
    uuid: () => {
      const h = Array.from({ length: 16 }, () => Math.floor(next() * 256));
      h[6] = (h[6] & 0x0f) | 0x40;
      h[8] = (h[8] & 0x3f) | 0x80;
      const x = h.map((b) => b.toString(16).padStart(2, "0")).join("");
      return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
    },
    hex: (n) => Array.from({ length: n }, () => Math.floor(next() * 16).toString(16)).join(""),
  };
}

// --- the product's formats -------------------------------------------------------------------
const b64url = (buf) => Buffer.from(buf).toString("base64url");

// worker/lib/crypto.ts hashPassword: PBKDF2-SHA256 over HMAC(pepper, password).
export function hashPassword(password, pepper) {
  const salt = randomBytes(16);
  const peppered = createHmac("sha256", pepper).update(password).digest();
  const hash = pbkdf2Sync(peppered, salt, PBKDF2_ITERATIONS, 32, "sha256");
  return `pbkdf2-sha256$v1$${PBKDF2_ITERATIONS}$${b64url(salt)}$${b64url(hash)}`;
}

// worker/lib/crypto.ts encryptSecret: AES-GCM, key = SHA-256 of ENCRYPTION_KEY, "v1:<iv>:<ciphertext+tag>".
export function encryptSecret(plain, secret) {
  const key = createHash("sha256").update(secret).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `v1:${b64url(iv)}:${b64url(data)}`;
}

// --- SQL writing -------------------------------------------------------------------------------
function lit(v) {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "boolean") return v ? "1" : "0";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "NULL";
  if (typeof v === "object") return lit(JSON.stringify(v));
  return `'${String(v).replaceAll("'", "''")}'`;
}

// Multi-row INSERTs of at most ~90 KB each (D1 caps one statement at 100 KB).
function sqlWriter(out) {
  const tables = new Map();
  const counts = {};
  // Parent tables are registered before their children, so writing every earlier table first keeps
  // each row after the rows its foreign keys point to.
  function flush(name) {
    for (const earlier of tables.keys()) {
      if (earlier === name) break;
      write(earlier);
    }
    write(name);
  }
  function write(name) {
    const t = tables.get(name);
    if (!t || t.rows.length === 0) return;
    out.write(`INSERT INTO "${name}" (${t.columns.map((c) => `"${c}"`).join(", ")}) VALUES\n${t.rows.join(",\n")};\n`);
    t.rows = [];
    t.bytes = 0;
  }
  return {
    insert(name, row) {
      let t = tables.get(name);
      if (!t) {
        t = { columns: Object.keys(row), rows: [], bytes: 0 };
        tables.set(name, t);
      }
      const values = `(${t.columns.map((c) => lit(row[c])).join(", ")})`;
      if (t.bytes + values.length > 90_000) flush(name);
      t.rows.push(values);
      t.bytes += values.length + 2;
      counts[name] = (counts[name] ?? 0) + 1;
    },
    flushAll() {
      for (const name of tables.keys()) write(name);
    },
    counts,
  };
}

// --- vocabulary ---------------------------------------------------------------------------------
const FIRST = ["Giulia", "Marco", "Luca", "Francesca", "Alessandro", "Chiara", "Matteo", "Sara", "Davide", "Elena", "Paolo", "Martina", "Andrea", "Valentina", "Simone", "Federica", "Giorgio", "Anna", "Stefano", "Laura"];
const LAST = ["Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno", "Gallo", "Conti", "De Luca", "Mancini", "Costa", "Giordano", "Rizzo", "Lombardi", "Moretti"];
const COMPANIES = ["Edilnord Srl", "Studio Bianchi", "Ottica Visione", "Palestra Fit Up", "Agenzia Casa Mia", "Trattoria Da Gino", "Autofficina Rapida", null, null, null];
const CUSTOMER_TEXTS = [
  "Buongiorno, vorrei informazioni sul prestito personale",
  "Quanto sarebbe la rata per 10.000 euro in 5 anni?",
  "Avete disponibilità per un appuntamento giovedì?",
  "Grazie, ci penso e vi faccio sapere",
  "Mi servono i documenti da portare",
  "Potete richiamarmi dopo le 18?",
  "Ok perfetto",
  "Qual è il tasso applicato?",
  "Sono già cliente, posso avere un preventivo aggiornato?",
  "Non ho ricevuto la mail di conferma",
];
const AI_TEXTS = [
  "Certo! Per darle un preventivo preciso mi serve sapere l'importo e la durata che preferisce.",
  "Per 10.000 euro in 60 mesi la rata indicativa è di circa 189 euro al mese, TAEG 6,9%.",
  "Giovedì abbiamo disponibilità alle 10:00 e alle 15:30: quale orario preferisce?",
  "Perfetto, resto a disposizione. Le lascio il link con tutti i dettagli dell'offerta.",
  "Servono un documento d'identità, il codice fiscale e le ultime due buste paga.",
  "Nessun problema, la faccio richiamare da un consulente dopo le 18.",
  "Il tasso parte dal 5,9% TAN fisso, in base al profilo e alla durata.",
];
const OPERATOR_TEXTS = ["Buongiorno, sono Marco dell'ufficio prestiti: la chiamo tra cinque minuti.", "Le ho appena inviato la mail, controlli anche lo spam.", "Fatto, appuntamento confermato."];
const TEMPLATE_NAMES = ["benvenuto_prestiti", "promo_primavera", "richiamo_preventivo", "conferma_appuntamento", "offerta_mutuo", "sondaggio_soddisfazione"];
const MODELS = [
  { id: "gpt-4o-mini", input: 0.15, output: 0.6 },
  { id: "gpt-4o", input: 2.5, output: 10 },
];

// The Content SID of an account's i-th template, as the fake provider below lists it.
const contentSid = (account, i) => `HX${String(account).padStart(2, "0")}${String(i).padStart(30, "0")}`;

/**
 * Writes the seed SQL to `file`. Answers what the benchmark needs: the bench user's sign-in, its
 * account and a sample of that account's conversations, and the row counts written.
 */
export async function writeSeedSql(file, { pepper, encryptionKey, now = Date.now(), seed = 7, ...overrides } = {}) {
  const cfg = { ...SEED_DEFAULTS, ...overrides };
  const rnd = prng(seed);
  const out = createWriteStream(file);
  const w = sqlWriter(out);
  const split = (total) => {
    const weights = cfg.weights.slice(0, cfg.accounts);
    const sum = weights.reduce((a, b) => a + b, 0);
    const parts = weights.map((x) => Math.floor((total * x) / sum));
    parts[0] += total - parts.reduce((a, b) => a + b, 0);
    return parts;
  };
  const start = now - 120 * DAY;
  const password = "bench-password-2026";
  const passwordHash = hashPassword(password, pepper);

  // Users: an owner per account, a colleague in the first account, a super admin.
  const users = [];
  for (let a = 0; a < cfg.accounts; a++) {
    users.push({ id: rnd.uuid(), email: a === 0 ? "bench-owner@agentbot.local" : `owner-${a}@agentbot.local`, first_name: FIRST[a], last_name: LAST[a], role: "client" });
  }
  const colleague = { id: rnd.uuid(), email: "bench-colleague@agentbot.local", first_name: "Sara", last_name: "Greco", role: "client" };
  const admin = { id: rnd.uuid(), email: "bench-admin@agentbot.local", first_name: "Admin", last_name: null, role: "super_admin" };
  for (const u of [...users, colleague, admin]) {
    w.insert("users", { ...u, password: passwordHash, profile_image_url: null, is_active: 1, created_at: start - 30 * DAY, updated_at: start - 30 * DAY });
  }

  const accounts = users.map((owner, a) => ({
    id: rnd.uuid(),
    user_id: owner.id,
    name: ["Prestiti Facili", "Ottica Visione", "Palestra Fit Up", "Agenzia Casa Mia"][a % 4],
    account_sid: `AC${rnd.hex(32)}`,
    auth_token: encryptSecret(`token${rnd.hex(27)}`, encryptionKey),
    phone_number: `+39020000000${a}`,
    profile_photo: null,
    gpt_model: "gpt-4o-mini",
    is_active: 1,
    is_default: 1,
    sandbox: 0,
    created_at: start - 20 * DAY + a * 1000,
    updated_at: start - 20 * DAY + a * 1000,
  }));
  for (const acc of accounts) w.insert("twilio_accounts", acc);
  accounts.forEach((acc, a) => {
    w.insert("account_users", { id: rnd.uuid(), user_id: users[a].id, twilio_account_id: acc.id, is_owner: 1, created_at: acc.created_at });
    w.insert("user_settings", { user_id: users[a].id, active_twilio_account_id: acc.id, updated_at: acc.created_at });
  });
  w.insert("account_users", { id: rnd.uuid(), user_id: colleague.id, twilio_account_id: accounts[0].id, is_owner: 0, created_at: accounts[0].created_at });

  // Provider templates (Content SIDs) each account sends, and their internal template rows.
  const templateSids = accounts.map((_, a) => TEMPLATE_NAMES.map((__, i) => contentSid(a, i)));
  accounts.forEach((acc, a) => {
    TEMPLATE_NAMES.forEach((name, i) => {
      w.insert("templates", {
        id: rnd.uuid(),
        user_id: acc.user_id,
        twilio_account_id: acc.id,
        name,
        description: `Template ${name.replaceAll("_", " ")}`,
        category: i % 3 === 0 ? "utility" : "marketing",
        status: i < 4 ? "approved" : "draft",
        external_template_id: i < 4 ? templateSids[a][i] : null,
        external_status: i < 4 ? "approved" : null,
        whatsapp_content: { type: "text", text: "Ciao {{1}}, sono l'assistente di {{2}}. Posso aiutarti?" },
        created_at: acc.created_at + i * 60_000,
        updated_at: acc.created_at + i * 60_000,
      });
    });
  });

  // Prompts.
  const prompts = accounts.map(() => []);
  split(cfg.prompts).forEach((n, a) => {
    for (let i = 0; i < n; i++) {
      const created = start + Math.floor((i / Math.max(1, n)) * 100 * DAY);
      const p = {
        id: rnd.uuid(),
        user_id: accounts[a].user_id,
        twilio_account_id: accounts[a].id,
        name: `Assistente ${["vendite", "assistenza", "appuntamenti", "preventivi", "recupero"][i % 5]} ${i + 1}`,
        content: "Sei l'assistente vendite di un'azienda italiana su WhatsApp. Rispondi in italiano, in modo cordiale e breve, e proponi sempre un passo successivo concreto. ".repeat(1 + (i % 4)),
        model: rnd.pick(MODELS).id,
        temperature: 7,
        max_tokens: 500,
        linked_templates: templateSids[a].slice(0, 1 + (i % 4)),
        is_active: i % 4 === 0 ? 0 : 1,
        created_at: created,
        updated_at: created + DAY,
      };
      prompts[a].push(p);
      w.insert("prompts", p);
    }
  });

  // Memories, with a few searchable passages each (the FTS index follows through triggers).
  const memories = accounts.map(() => []);
  split(cfg.memories).forEach((n, a) => {
    for (let i = 0; i < n; i++) {
      const created = start + rnd.int(0, 100) * DAY;
      const passages = ["Orari: dal lunedì al venerdì 9-18, sabato 9-13.", "Documenti richiesti: carta d'identità, codice fiscale, ultime due buste paga.", `Offerta ${i + 1}: TAN fisso dal 5,9%, durata da 12 a 120 mesi.`];
      const m = {
        id: rnd.uuid(),
        user_id: accounts[a].user_id,
        twilio_account_id: accounts[a].id,
        name: `Conoscenza ${i + 1}`,
        content: passages.join("\n\n"),
        memory_type: i % 10 === 0 ? "feedback" : "standard",
        data_type: "text",
        visibility: "private",
        linked_templates: [],
        is_active: 1,
        indexed_at: created + 1000,
        passage_count: passages.length,
        passage_chars: passages.join("").length,
        created_at: created,
        updated_at: created,
      };
      memories[a].push(m);
      w.insert("memories", m);
      passages.forEach((text, ordinal) => w.insert("memory_passages", { memory_id: m.id, ordinal, text }));
    }
  });

  // Conversations and their messages. Sizes are skewed (log-normal): most threads are short, a few long.
  const convCounts = split(cfg.conversations);
  const totalConvs = convCounts.reduce((x, y) => x + y, 0);
  const raw = Array.from({ length: totalConvs }, () => Math.exp(0.9 * rnd.normal()));
  const scale = (cfg.messages - totalConvs) / raw.reduce((x, y) => x + y, 0);
  const sizes = raw.map((r) => 1 + Math.floor(r * scale));
  let rest = cfg.messages - sizes.reduce((x, y) => x + y, 0);
  for (let i = 0; rest > 0; i = (i + 1) % sizes.length, rest--) sizes[i]++;
  // One long thread in the bench account, to exercise message pagination: at least LONG_THREAD messages
  // (twenty pages of 50), taken one by one from the other threads so that the total stays the same.
  const longIdx = sizes.indexOf(Math.max(...sizes.slice(0, convCounts[0])));
  for (let i = 0; sizes[longIdx] < LONG_THREAD && i < sizes.length * 4; i = i + 1) {
    const j = i % sizes.length;
    if (j !== longIdx && sizes[j] > 1) (sizes[j]--, sizes[longIdx]++);
  }
  const longest = sizes[longIdx];

  const sample = [];
  const convPhones = accounts.map(() => []);
  let convIndex = 0;
  let smCounter = 0;
  const sid = () => `SM${(smCounter++).toString(16).padStart(8, "0")}${rnd.hex(24)}`;
  for (let a = 0; a < accounts.length; a++) {
    const acc = accounts[a];
    for (let i = 0; i < convCounts[a]; i++, convIndex++) {
      const id = rnd.uuid();
      const phone = `+393${String(10_000_000 + a * 2_000_000 + i).padStart(9, "0")}`;
      convPhones[a].push({ id, phone });
      const size = sizes[convIndex];
      const fromTemplate = rnd.chance(0.35);
      const t = fromTemplate ? rnd.int(0, 3) : -1;
      const prompt = prompts[a].length ? rnd.pick(prompts[a]) : null;
      const created = start + Math.floor(rnd.next() * 115 * DAY);
      let at = created;
      let lastCustomerId = null;
      let lastCustomerAt = null;
      let last = null;
      const name = `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
      const rows = [];
      for (let m = 0; m < size; m++) {
        at += rnd.int(5_000, m % 6 === 5 ? 2 * DAY : 3 * 3_600_000);
        let msg;
        if (m === 0 && fromTemplate) {
          msg = { sender: "operator", is_from_bot: 1, content: `Ciao ${name.split(" ")[0]}, sono l'assistente di ${acc.name}. Posso aiutarti?`, template_sid: templateSids[a][t], template_variables: { 1: name.split(" ")[0], 2: acc.name }, status: "read" };
        } else if (last?.sender === "customer" && rnd.chance(0.9)) {
          const op = rnd.chance(0.08);
          msg = op
            ? { sender: "operator", is_from_bot: 1, content: rnd.pick(OPERATOR_TEXTS), status: "read" }
            : { sender: "ai", is_from_bot: 1, content: rnd.pick(AI_TEXTS), reply_to_id: lastCustomerId, status: rnd.chance(0.02) ? "failed" : rnd.pick(["delivered", "read", "read"]) };
        } else {
          msg = { sender: "customer", is_from_bot: 0, content: rnd.pick(CUSTOMER_TEXTS), status: "received" };
        }
        const row = {
          id: rnd.uuid(),
          conversation_id: id,
          content: msg.content,
          is_from_bot: msg.is_from_bot,
          twilio_message_id: msg.status === "failed" ? null : sid(),
          status: msg.status,
          error_code: msg.status === "failed" ? "63016" : null,
          error_message: msg.status === "failed" ? "Outside the allowed window" : null,
          sender: msg.sender,
          reply_to_id: msg.reply_to_id ?? null,
          template_sid: msg.template_sid ?? null,
          template_variables: msg.template_variables ?? null,
          sources: msg.sender === "ai" && memories[a].length && rnd.chance(0.3) ? [{ memoryId: memories[a][0].id, name: memories[a][0].name }] : null,
          send_attempts: msg.is_from_bot ? 1 : 0,
          created_at: at,
        };
        rows.push(["messages", row]);
        if (msg.sender === "ai") {
          const model = MODELS[rnd.chance(0.85) ? 0 : 1];
          const promptTokens = rnd.int(300, 1800);
          const completionTokens = rnd.int(20, 160);
          const pc = (promptTokens * model.input) / 1e6;
          const cc = (completionTokens * model.output) / 1e6;
          rows.push(["openai_usage", {
            id: rnd.uuid(),
            user_id: acc.user_id,
            twilio_account_id: acc.id,
            conversation_id: id,
            message_id: row.id,
            template_id: null,
            prompt_id: prompt?.id ?? null,
            model: model.id,
            prompt_tokens: promptTokens,
            completion_tokens: completionTokens,
            total_tokens: promptTokens + completionTokens,
            prompt_cost: pc.toFixed(8),
            completion_cost: cc.toFixed(8),
            total_cost: (pc + cc).toFixed(8),
            operation_type: "chat_response",
            request_duration: rnd.int(400, 3000),
            metadata: null,
            created_at: at - 5,
          }]);
        }
        if (msg.sender === "customer") {
          lastCustomerId = row.id;
          lastCustomerAt = at;
        }
        last = row;
      }
      const unread = last.sender === "customer" && rnd.chance(0.4);
      w.insert("conversations", {
        id,
        user_id: acc.user_id,
        twilio_account_id: acc.id,
        phone_number: phone,
        customer_name: name,
        template_id: null,
        prompt_id: prompt?.id ?? null,
        status: rnd.chance(0.7) ? "active" : "closed",
        operator_mode: rnd.chance(0.05) ? 1 : 0,
        last_message: last.content,
        last_message_at: last.created_at,
        last_read_at: unread ? last.created_at - 60_000 : last.created_at + 30_000,
        template_sid: fromTemplate ? templateSids[a][t] : null,
        template_name: fromTemplate ? TEMPLATE_NAMES[t] : null,
        template_category: fromTemplate ? (t % 3 === 0 ? "utility" : "marketing") : null,
        customer_company: rnd.pick(COMPANIES),
        last_inbound_at: lastCustomerAt,
        ai_status: "idle",
        ai_error: null,
        created_at: created,
        updated_at: last.created_at,
      });
      for (const [table, row] of rows) w.insert(table, row);
      if (rnd.chance(0.01)) w.insert("opt_outs", { id: rnd.uuid(), twilio_account_id: acc.id, phone_number: phone, keyword: "STOP", created_at: last.created_at });
      if (fromTemplate && rnd.chance(0.06)) {
        w.insert("analytics", { id: `lead_qualified:${id}`, user_id: acc.user_id, twilio_account_id: acc.id, template_id: null, conversation_id: id, event_type: "lead_qualified", metadata: { interest: "prestito" }, created_at: last.created_at });
      }
      if (a === 0 && (sample.length < 200 || convIndex === longIdx)) sample.push({ id, messages: size });
    }
  }

  // Lead sources and leads; about a quarter of the leads have a conversation with the same number.
  const leadCounts = split(cfg.leads);
  accounts.forEach((acc, a) => {
    const sources = ["api", "airtable", "csv"].map((type, i) => ({ id: rnd.uuid(), user_id: acc.user_id, twilio_account_id: acc.id, name: `Fonte ${type}`, type, is_active: 1, sync_interval: 30, created_at: acc.created_at + i, updated_at: acc.created_at + i }));
    for (const s of sources) w.insert("lead_sources", s);
    for (let i = 0; i < leadCounts[a]; i++) {
      const conv = i % 4 === 0 ? convPhones[a][i / 4] : undefined;
      const name = `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
      const imported = start + Math.floor(rnd.next() * 118 * DAY);
      w.insert("leads", {
        id: rnd.uuid(),
        user_id: acc.user_id,
        lead_source_id: rnd.pick(sources).id,
        twilio_account_id: acc.id,
        phone_number: conv?.phone ?? `+393${String(50_000_000 + a * 5_000_000 + i).padStart(9, "0")}`,
        name,
        email: `${name.toLowerCase().replace(/[^a-z]+/g, ".")}${i}@example.it`,
        company: rnd.pick(COMPANIES),
        notes: null,
        custom_fields: { fonte: "modulo sito" },
        status: conv ? rnd.pick(["contacted", "qualified", "converted", "contacted"]) : rnd.pick(["new", "new", "contacted"]),
        conversation_id: conv?.id ?? null,
        external_id: `rec${rnd.hex(14)}`,
        imported_at: imported,
        last_contacted_at: conv ? imported + DAY : null,
      });
    }
  });

  // Lists (the campaigns' targets) with their leads, and the campaigns: funnel steps, sends of the started ones.
  const campaignCounts = split(cfg.campaigns);
  accounts.forEach((acc, a) => {
    const lists = Array.from({ length: 4 }, (_, i) => ({ id: rnd.uuid(), user_id: acc.user_id, twilio_account_id: acc.id, name: `Lista ${["clienti", "prospect", "fiera", "newsletter"][i]}`, list_type: "static", source: "csv", is_active: 1, created_at: acc.created_at + i, updated_at: acc.created_at + i }));
    const members = lists.map(() => []);
    for (const l of lists) w.insert("lists", l);
    const perList = Math.max(1, Math.floor(leadCounts[a] / 8));
    lists.forEach((l, li) => {
      for (let i = 0; i < perList; i++) {
        const ll = { id: rnd.uuid(), list_id: l.id, nome: rnd.pick(FIRST), cognome: rnd.pick(LAST), numero_telefono: `+393${String(70_000_000 + a * 3_000_000 + li * 500_000 + i).padStart(9, "0")}`, email: null, professione: null, note: null, original_data: null, external_id: `row${i}`, funnel_status: "active", imported_at: l.created_at + 1000, is_active: 1 };
        members[li].push(ll);
        w.insert("list_leads", ll);
      }
    });
    for (let i = 0; i < campaignCounts[a]; i++) {
      const li = i % lists.length;
      const type = i % 3 === 0 ? "calendar" : "dynamic";
      const status = rnd.pick(["pending", "active", "active", "paused", "completed"]);
      const created = start + rnd.int(0, 110) * DAY;
      const started = status !== "pending";
      const sent = started ? Math.min(members[li].length, rnd.int(10, 60)) : 0;
      const c = {
        id: rnd.uuid(),
        campaign_id: rnd.uuid(),
        user_id: acc.user_id,
        name: `Campagna ${i + 1} — ${rnd.pick(TEMPLATE_NAMES).replaceAll("_", " ")}`,
        twilio_account_id: acc.id,
        campaign_type: type,
        target_list_id: lists[li].id,
        template_sid: templateSids[a][i % 4],
        custom_message: null,
        total_recipients: members[li].length,
        status,
        sent_count: sent,
        delivered_count: Math.floor(sent * 0.9),
        failed_count: sent - Math.floor(sent * 0.95),
        metadata: null,
        preferred_hour: type === "dynamic" ? rnd.pick([9, 10, 14, 16, 18]) : null,
        preferred_minute: 0,
        created_at: created,
        updated_at: created + DAY,
      };
      w.insert("lead_campaigns", c);
      const steps = type === "dynamic" ? 3 : 1;
      for (let s = 1; s <= steps; s++) {
        w.insert("funnel_steps", { id: rnd.uuid(), campaign_id: c.id, step_order: s, step_type: "message", template_sid: templateSids[a][(i + s) % 4], trigger_type: s === 1 ? "immediate" : "relative", trigger_value: s === 1 ? null : s, trigger_unit: s === 1 ? null : "days", trigger_date: null, is_active: 1, created_at: created });
      }
      for (let j = 0; j < sent; j++) {
        const lead = members[li][j];
        const at = created + DAY + j * 1000;
        w.insert("campaign_jobs", { id: rnd.uuid(), job_id: `${c.id}:${lead.id}:1`, campaign_id: c.id, list_lead_id: lead.id, recipient_phone: lead.numero_telefono, recipient_name: lead.nome, recipient_data: null, status: j % 20 === 19 ? "failed" : "delivered", twilio_message_id: sid(), error_message: j % 20 === 19 ? "63016" : null, sent_at: at, delivered_at: j % 20 === 19 ? null : at + 2000, created_at: at - 1000 });
      }
    }
  });

  w.flushAll();
  await new Promise((resolve, reject) => out.end((err) => (err ? reject(err) : resolve())));
  return {
    user: { email: users[0].email, password },
    colleague: { email: colleague.email, password },
    admin: { email: admin.email, password },
    account: accounts[0],
    accounts,
    templateSids,
    sample,
    longest: sample.find((s) => s.messages === longest),
    counts: w.counts,
  };
}

// --- a seeded local server -----------------------------------------------------------------------

// The provider's Content API on loopback: each account's approved templates, as Twilio lists them.
async function startFakeTwilio(accountIndex) {
  const http = await import("node:http");
  const server = http.createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    if (req.url?.startsWith("/v1/ContentAndApprovals")) {
      server.contentCalls = (server.contentCalls ?? 0) + 1;
      const sid = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString().split(":")[0];
      const a = accountIndex.get(sid) ?? 99;
      res.end(
        JSON.stringify({
          contents: TEMPLATE_NAMES.map((name, i) => ({
            sid: contentSid(a, i),
            friendly_name: name,
            language: "it",
            types: { "twilio/text": { body: "Ciao {{1}}, sono l'assistente di {{2}}. Posso aiutarti?" } },
            variables: { 1: "nome", 2: "azienda" },
            approval_requests: { status: i < 4 ? "approved" : "pending", category: "MARKETING" },
          })),
          meta: { next_page_url: null },
        }),
      );
      return;
    }
    res.end("{}");
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

/**
 * Starts `wrangler dev` on a throwaway state seeded with writeSeedSql, signs in the bench user and answers { base, cookie, seed, stop }.
 */
// Runs the seed's statements straight into the local D1's SQLite file (made by the migrations), in one
// transaction, streaming the file: for the 10× data (a million messages), where going through
// `wrangler d1 execute` would take far longer. Each statement of the seed ends a line with ");".
async function executeDirect(persist, file) {
  const { readdirSync, createReadStream } = await import("node:fs");
  const path = await import("node:path");
  const { DatabaseSync } = await import("node:sqlite");
  const dir = path.join(persist, "v3", "d1", "miniflare-D1DatabaseObject");
  const [name] = readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (!name) throw new Error(`no local D1 database under ${dir}`);
  const db = new DatabaseSync(path.join(dir, name));
  try {
    db.exec("BEGIN");
    let pending = "";
    for await (const chunk of createReadStream(file, { encoding: "utf8", highWaterMark: 1 << 20 })) {
      pending += chunk;
      const end = pending.lastIndexOf(");\n");
      if (end < 0) continue;
      db.exec(pending.slice(0, end + 3));
      pending = pending.slice(end + 3);
    }
    if (pending.trim()) db.exec(pending);
    db.exec("COMMIT");
  } finally {
    db.close();
  }
}

export async function startSeededServer({ vars = {}, log = console.log, assetsDir, direct = false, ...sizes } = {}) {
  const { existsSync, mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  const { execFileSync } = await import("node:child_process");
  const { root, startLocalServer, toolEnv } = await import("../scripts/local-env.mjs");
  const accountIndex = new Map();
  const twilio = await startFakeTwilio(accountIndex);
  const seedDir = mkdtempSync(path.join(tmpdir(), "agentbot-seed-"));
  let seed;
  let server;
  try {
    server = await startLocalServer({
      logLevel: process.env.BENCH_LOG_LEVEL ?? "error",
      benchmark: true,
      buildWebFirst: !assetsDir && !existsSync(path.join(root, "dist", "web", "index.html")),
      assetsDir,
      vars: { TWILIO_CONTENT_BASE: `http://127.0.0.1:${twilio.address().port}`, TWILIO_API_BASE: `http://127.0.0.1:${twilio.address().port}`, OPENAI_API_KEY: "", ...vars },
      beforeStart: async ({ persist, vars: values }) => {
        const started = performance.now();
        const file = path.join(seedDir, "seed.sql");
        seed = await writeSeedSql(file, { pepper: values.PASSWORD_PEPPER, encryptionKey: values.ENCRYPTION_KEY, ...sizes });
        seed.accounts.forEach((acc, a) => accountIndex.set(acc.account_sid, a));
        const d1 = (args) =>
          execFileSync(path.join(root, "node_modules", ".bin", "wrangler"), ["d1", "execute", "agentbot", "--local", "--persist-to", persist, "--yes", ...args], {
            cwd: root,
            env: toolEnv({ CI: "true" }),
            stdio: ["ignore", "ignore", "pipe"],
          });
        if (direct) await executeDirect(persist, file);
        else d1(["--file", file]);
        log(`Seeded ${Object.entries(seed.counts).map(([t, n]) => `${n} ${t}`).join(", ")} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      },
    });
  } catch (err) {
    twilio.close();
    rmSync(seedDir, { recursive: true, force: true });
    throw err;
  }
  const stop = () => {
    server.stop();
    twilio.close();
    rmSync(seedDir, { recursive: true, force: true });
  };
  try {
    const base = server.baseUrl;
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify(seed.user),
    });
    if (login.status !== 200) throw new Error(`bench sign-in answered ${login.status}: ${await login.text()}`);
    const cookie = login.headers.get("set-cookie").split(";")[0];
    return { base, cookie, seed, server, stop, providerCalls: () => twilio.contentCalls ?? 0 };
  } catch (err) {
    stop();
    throw err;
  }
}
