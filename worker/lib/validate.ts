import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { T } from "@shared/strings";

// zod validation at the edge of each route, answering 400 with the first reason and every issue.
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issues = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
      return c.json({ error: issues[0]?.message ?? T.invalidInput, details: issues }, 400);
    }
  });
}
