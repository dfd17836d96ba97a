import { UserRound } from "lucide-react";
import { SETTINGS_TEXTS as TX } from "@shared/texts/settings";
import { type ApiSettings } from "@shared/schemas/settings";
import { Avatar } from "@web/components/ui/avatar";
import { Card, CardContent, CardHeading } from "@web/components/ui/card";
import { Field } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { T } from "@shared/strings";

export function ProfileCard({ profile }: { profile: ApiSettings["profile"] }) {
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(" ");
  const initials = (name || profile.email).slice(0, 2).toUpperCase();
  return (
    <Card data-testid="profile-card">
      <CardHeading icon={<UserRound className="size-4 text-primary" aria-hidden />} title={TX.profileTitle} description={TX.profileDescription} />
      <CardContent className="grid gap-4">
        <div className="flex items-center gap-3">
          <Avatar src={profile.profileImageUrl} fallback={initials} size="lg" />
          <div className="min-w-0">
            <p className="truncate font-semibold">{name || profile.email}</p>
            <p className="text-xs text-muted-foreground">{T.roleLabels[profile.role] ?? profile.role}</p>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={TX.nameLabel} htmlFor="profile-name">
            <Input id="profile-name" value={name} readOnly disabled />
          </Field>
          <Field label={T.loginEmail} htmlFor="profile-email">
            <Input id="profile-email" value={profile.email} readOnly disabled />
          </Field>
        </div>
      </CardContent>
    </Card>
  );
}
