import { Link } from "@tanstack/react-router";
import { ExternalLink, Phone } from "lucide-react";
import { useEffect, useState } from "react";
import { type ApiSettings, SETTINGS_TEXTS as TX } from "@shared/schemas/settings";
import { Button, buttonVariants } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@web/components/ui/card";
import { Field } from "@web/components/ui/field";
import { NativeSelect } from "@web/components/ui/input";
import { useAccounts } from "@web/lib/queries/get-accounts";
import { toast } from "@web/lib/toast-store";
import { useUpdateSettings } from "../api/update-settings";
import { handledUnauthorized } from "../lib/unauthorized";

// The provider accounts live on their own page; here the user picks which one is active.
export function TwilioCard({ settings }: { settings: ApiSettings }) {
  const { data: accounts } = useAccounts();
  const [selected, setSelected] = useState(settings.activeTwilioAccountId ?? "");
  const save = useUpdateSettings();

  useEffect(() => setSelected(settings.activeTwilioAccountId ?? ""), [settings.activeTwilioAccountId]);

  const onSave = () =>
    save.mutate(
      { activeTwilioAccountId: selected || null },
      {
        onSuccess: () => toast({ title: TX.settingsSaved, variant: "success" }),
        onError: (err) => {
          if (handledUnauthorized(err)) return;
          toast({ title: TX.tokenSaveErrorTitle, description: TX.settingsSaveError, variant: "destructive" });
        },
      },
    );

  return (
    <Card data-testid="twilio-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Phone className="size-4 text-primary" aria-hidden />
          {TX.twilioTitle}
        </CardTitle>
        <CardDescription>{TX.twilioDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {accounts && accounts.length > 0 ? (
          <Field label={TX.activeAccountLabel} htmlFor="settings-active-account">
            <NativeSelect id="settings-active-account" value={selected} onChange={(e) => setSelected(e.target.value)}>
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
        ) : (
          <p className="text-sm text-muted-foreground">{TX.noAccounts}</p>
        )}
      </CardContent>
      <CardFooter>
        <Link to="/twilio-accounts" className={buttonVariants({ variant: "outline", size: "sm" })}>
          <ExternalLink aria-hidden />
          {TX.twilioManage}
        </Link>
        {accounts && accounts.length > 0 ? (
          <Button size="sm" onClick={onSave} disabled={save.isPending || selected === (settings.activeTwilioAccountId ?? "")}>
            {TX.saveSettings}
          </Button>
        ) : null}
      </CardFooter>
    </Card>
  );
}
