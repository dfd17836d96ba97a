import { FileText } from "lucide-react";
import { useState } from "react";
import { TEMPLATE_TEST_TEXTS as TX } from "@shared/texts/template-test";
import { EmptyState } from "@web/components/empty-state";
import { LoadErrorState } from "@web/components/load-error-state";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { useProviderTemplates } from "@web/lib/queries/get-provider-templates";
import { serverMessage } from "@web/lib/server-error";
import { isSelectable } from "../lib/template-test";
import { BrainPanel } from "./brain-panel";
import { SendForm } from "./send-form";
import { TemplateList } from "./template-list";

export function TemplateTestPage() {
  const { data: templates, isPending, isError, error, refetch } = useProviderTemplates();
  const [selectedSid, setSelectedSid] = useState("");
  const selected = templates?.find((t) => t.sid === selectedSid && isSelectable(t));

  let list;
  if (isPending) {
    list = (
      <p className="flex items-center gap-2 py-6 text-sm text-muted-foreground" role="status">
        <Spinner />
        {TX.loadingTemplates}
      </p>
    );
  } else if (isError) {
    list = <LoadErrorState title={TX.loadError(serverMessage(error, error.message))} onRetry={refetch} />;
  } else if (!templates || templates.length === 0) {
    list = <EmptyState title={TX.templatesEmpty} icon={<FileText className="size-6" aria-hidden />} />;
  } else {
    list = <TemplateList templates={templates} selectedSid={selectedSid} onSelect={setSelectedSid} />;
  }

  return (
    <div className="grid gap-6">
      <BrainPanel />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card className="min-w-0">
          <CardHeader>
            <div className="flex items-center justify-between gap-2">
              <CardTitle>{TX.templatesTitle}</CardTitle>
              {templates && templates.length > 0 ? <span className="text-xs text-muted-foreground">{TX.templatesCount(templates.length)}</span> : null}
            </div>
            <CardDescription>{TX.onlyApproved}</CardDescription>
          </CardHeader>
          <CardContent>{list}</CardContent>
        </Card>
        <SendForm template={selected} />
      </div>
    </div>
  );
}
