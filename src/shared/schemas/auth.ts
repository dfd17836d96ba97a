import { z } from "zod";
import type { UserRole } from "../constants";

export const loginSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, "Email è obbligatoria").max(254).pipe(z.email("Email non valida")),
  password: z.string().min(1, "Password obbligatoria").max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

export interface CurrentUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: UserRole;
  // Set after an administrator's reset: the console asks for a new password before anything else.
  mustChangePassword?: boolean;
}
