import { Link } from "@tanstack/react-router";
import { ExternalLink, Phone } from "lucide-react";
import { FormProvider, useForm } from "react-hook-form";
import { SETTINGS_TEXTS as TX } from "@shared/texts/settings";
import { type ApiSettings } from "@shared/schemas/settings";
import { T } from "@shared/strings";
import { Button, buttonVariants } from "@web/components/ui/button";
import { Card, CardContent, CardFooter, CardHeading } from "@web/components/ui/card";
import { FormField } from "@web/components/ui/form";
import { NamedOptions, NativeSelect } from "@web/components/ui/input";
import { useAccounts } from "@web/lib/queries/get-accounts";
import { toast } from "@web/lib/toast-store";
import { useUpdateSettings } from "../api/update-settings";
import { handledUnauthorized } from "../lib/unauthorized";

interface Values {
  activeTwilioAccountId: string;
}

// The provider accounts live on their own page; here the user picks which one is active. The page
// remounts the card (its `key`) when the saved choice changes.
export function TwilioCard({ settings }: { settings: ApiSettings }) {
  const { data: accounts } = useAccounts();
  const saved = settings.activeTwilioAccountId ?? "";
  const form = useForm<Values>({ defaultValues: { activeTwilioAccountId: saved } });
  const selected = form.watch("activeTwilioAccountId");
  const save = useUpdateSettings();

  const onSave = ({ activeTwilioAccountId }: Values) =>
    save.mutate(
      { activeTwilioAccountId: activeTwilioAccountId || null },
      {
        onSuccess: () => toast({ title: TX.settingsSaved, variant: "success" }),
        onError: (err) => {
          if (handledUnauthorized(err)) return;
          toast({ title: T.error, description: TX.settingsSaveError, variant: "destructive" });
        },
      },
    );

  return (
    <Card data-testid="twilio-card">
      <CardHeading icon={<Phone className="size-4 text-primary" aria-hidden />} title={TX.twilioTitle} description={TX.twilioDescription} />
      <FormProvider {...form}>
        <CardContent>
          {accounts && accounts.length > 0 ? (
            <FormField<Values, "activeTwilioAccountId"> name="activeTwilioAccountId" label={T.accountSelectorLabel}>
              {(field) => (
                <NativeSelect {...field}>
                  <NamedOptions items={accounts} />
                </NativeSelect>
              )}
            </FormField>
          ) : (
            <p className="text-sm text-muted-foreground">{T.accountsEmpty}</p>
          )}
        </CardContent>
        <CardFooter>
          <Link to="/twilio-accounts" className={buttonVariants({ variant: "outline", size: "sm" })}>
            <ExternalLink aria-hidden />
            {TX.twilioManage}
          </Link>
          {accounts && accounts.length > 0 ? (
            <Button size="sm" onClick={() => void form.handleSubmit(onSave)()} disabled={save.isPending || selected === saved}>
              {TX.saveSettings}
            </Button>
          ) : null}
        </CardFooter>
      </FormProvider>
    </Card>
  );
}
