import { z } from "zod";
import { cursorPageQuery } from "./fields";
import { USER_ROLES } from "../constants";
import { T } from "../strings";
import { ADMIN_TEXTS } from "../texts/admin";
import { newPasswordSchema } from "./passwords";

export const userIdParam = z.object({ userId: z.string().min(1).max(64) });

// GET /api/admin/audit-log answers a page, newest first; X-Next-Cursor, when present, is the `before` of the next.
export const AUDIT_PAGE_SIZE = 200;
export const auditLogQuery = cursorPageQuery(AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE);
export const unassignParams = z.object({ userId: z.string().min(1).max(64), twilioAccountId: z.string().min(1).max(64) });

export const roleSchema = z.object({ role: z.enum(USER_ROLES, { error: ADMIN_TEXTS.roleInvalid }) });

export const assignAccountSchema = z.object({
  twilioAccountId: z.string({ error: ADMIN_TEXTS.accountIdRequired }).trim().min(1, ADMIN_TEXTS.accountIdRequired).max(64),
  isOwner: z.boolean().optional().default(false),
});

export const createUserSchema = z.object({
  email: z.string({ error: T.emailRequired }).trim().toLowerCase().min(1, T.emailRequired).pipe(z.email(ADMIN_TEXTS.emailFormat)),
  password: newPasswordSchema,
  twilioAccountId: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => v || null),
  isOwner: z.boolean().optional().default(false),
});

export const userActiveSchema = z.object({ isActive: z.boolean({ error: T.isActiveInvalid }) });

export interface AdminUserAccount {
  id: string;
  twilioAccountId: string;
  accountName: string;
  accountPhoneNumber: string;
  isOwner: boolean;
}

export interface AdminUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: (typeof USER_ROLES)[number];
  isActive: boolean;
  createdAt: string;
  accounts: AdminUserAccount[];
}

export interface AuditEntry {
  id: string;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown> | null;
  createdAt: string;
}
