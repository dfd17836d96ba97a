import { Hono } from "hono";
import { libraryIdParam, libraryUploadQuery } from "@shared/media-library";
import { LIBRARY_TEXTS as LX } from "@shared/texts/media-library";
import { badRequest, forbidden, notFound } from "@worker/lib/http-error";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { requireAccount, withActiveAccount } from "../accounts/context";
import * as repo from "./repo";
import { addToLibrary, removeFromLibrary, toApiItem } from "./service";
import { routePolicy } from "@worker/lib/route-policy";

// The active account's media library: every member reads it (the agent's documents), only the owner
// changes it.
export const mediaLibraryRoutes = new Hono<AppEnv>()
  // An upload is the raw file.
  .use("/", routePolicy("rawBody"))
  .use(withActiveAccount)
  .get("/", async (c) => {
    const { account, isOwner } = requireAccount(c.var.account);
    const rows = await repo.listLibrary(c.var.db, account.id);
    return c.json({ items: rows.map(toApiItem), canEdit: isOwner }, 200);
  })
  // The file is the raw body; title, description and file name travel in the query.
  .post("/", validate("query", libraryUploadQuery), async (c) => {
    const { account, isOwner } = requireAccount(c.var.account);
    if (!isOwner) throw forbidden(LX.onlyOwner);
    // A JSON body was already read by the JSON check, and is no file anyway.
    if ((c.req.header("Content-Type") ?? "").toLowerCase().startsWith("application/json")) throw badRequest(LX.wrongType);
    const length = c.req.header("Content-Length");
    const row = await addToLibrary(c.env, c.var.db, account.id, c.req.valid("query"), c.req.raw.body, length === undefined ? null : Number(length));
    return c.json(toApiItem(row), 201);
  })
  .delete("/:id", validate("param", libraryIdParam), async (c) => {
    const { account, isOwner } = requireAccount(c.var.account);
    if (!isOwner) throw forbidden(LX.onlyOwner);
    const row = await repo.findItem(c.var.db, account.id, c.req.valid("param").id);
    if (!row) throw notFound(LX.notFound);
    await removeFromLibrary(c.env, c.var.db, row);
    return c.body(null, 204);
  });
