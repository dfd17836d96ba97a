// @vitest-environment node
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The lint that `npm test` runs must fail on each boundary break, and pass the same code in its place.
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../..") });

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.message);
}

describe("lint boundaries", () => {
  it("refuses a web feature importing another feature, by alias or by relative path", async () => {
    const byAlias = await problems("web/features/conversations/components/x.tsx", 'import { parseEuros } from "@web/features/leads/components/leads-table";\n');
    expect(byAlias).toEqual(["web/features/conversations imports web/features/leads: move what both use to web/components or web/lib."]);
    const byPath = await problems("web/features/conversations/x.ts", 'export { formatCount } from "../analytics/lib/format";\n');
    expect(byPath).toHaveLength(1);
    expect(await problems("web/features/conversations/components/x.tsx", 'import { parseEuros } from "@web/lib/euros";\nimport { useX } from "../api/x";\n')).toEqual([]);
  });

  it("refuses drizzle outside a repo or worker/db", async () => {
    const code = 'import { eq } from "drizzle-orm";\nimport { sqliteTable } from "drizzle-orm/sqlite-core";\n';
    expect(await problems("worker/features/leads/service.ts", code)).toHaveLength(2);
    expect(await problems("worker/features/leads/repo.ts", code)).toEqual([]);
    expect(await problems("worker/db/schema.ts", code)).toEqual([]);
  });

  it("refuses src/shared importing the worker or the web app", async () => {
    expect(await problems("src/shared/x.ts", 'import type { Db } from "@worker/db/client";\n')).toHaveLength(1);
    expect(await problems("src/shared/x.ts", 'import { cn } from "../../web/lib/cn";\n')).toHaveLength(1);
    expect(await problems("src/shared/x.ts", 'import { T } from "./strings";\n')).toEqual([]);
  });
});
