import { Hono, type MiddlewareHandler } from "hono";
import { leadInputSchema } from "@shared/schemas/lead-sources";

import { createTokenSchema, tokenIdParam, updateTokenSchema } from "@shared/schemas/settings";
import { clientIp } from "@worker/lib/client-ip";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { withActiveAccount } from "../accounts/context";
import { currentUser } from "../auth/middleware";
import * as service from "./service";
import { routePolicy } from "@worker/lib/route-policy";

export const tokenRoutes = new Hono<AppEnv>()
  .use(withActiveAccount)
  .get("/", async (c) => c.json(await service.listTokens(c.var.db, currentUser(c)), 200))
  .post("/", validate("json", createTokenSchema), async (c) => c.json(await service.createToken(c.var.db, currentUser(c), c.var.account, c.req.valid("json")), 201))
  .put("/:id", validate("param", tokenIdParam), validate("json", updateTokenSchema), async (c) =>
    c.json(await service.updateToken(c.var.db, currentUser(c), c.req.valid("param").id, c.req.valid("json")), 200),
  );

type LeadApiEnv = { Bindings: Env; Variables: AppEnv["Variables"] & { leadApi: service.BearerOwner } };

// The bearer token is checked before the body, so a caller without a valid token learns nothing else.
const bearerAuth: MiddlewareHandler<LeadApiEnv> = async (c, next) => {
  c.set("leadApi", await service.authenticateBearer(c.var.db, c.req.header("Authorization"), clientIp(c)));
  await next();
};

// External systems: Authorization: Bearer <token>, no session cookie and no Origin (see app.ts).
export const leadIngestRoutes = new Hono<LeadApiEnv>().use("/", routePolicy("bearer")).post("/", bearerAuth, validate("json", leadInputSchema), async (c) => {
  const saved = await service.ingestLead(c.env, c.var.db, c.var.leadApi, c.req.valid("json"));
  return c.json(saved, saved.created ? 201 : 200);
});
