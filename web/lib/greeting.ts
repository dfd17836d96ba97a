import { T } from "@shared/strings";

interface NamedUser {
  firstName?: string | null;
  email?: string | null;
}

// First name, else the part of the e-mail before the @, else 'Utente'.
export function greetingName(user: NamedUser | null | undefined): string {
  const first = user?.firstName?.trim();
  if (first) return first;
  const local = user?.email?.split("@")[0]?.trim();
  if (local) return local;
  return T.fallbackUser;
}

export function greeting(user: NamedUser | null | undefined): string {
  return T.greeting(greetingName(user));
}

// Up to two initials for avatars without a photo.
export function initials(user: { firstName?: string | null; lastName?: string | null; email?: string | null } | null | undefined): string {
  const parts = [user?.firstName, user?.lastName].map((p) => p?.trim()).filter((p): p is string => !!p);
  if (parts.length > 0) return parts.map((p) => p[0]!.toUpperCase()).join("").slice(0, 2);
  return greetingName(user).slice(0, 2).toUpperCase();
}
