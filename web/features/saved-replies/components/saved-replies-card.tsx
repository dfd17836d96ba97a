import { MessageSquareText, Pencil, Plus, Trash } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { type ApiSavedReply } from "@shared/saved-replies";
import { SAVED_REPLY_TEXTS as TX } from "@shared/texts/saved-replies";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeading } from "@web/components/ui/card";
import { Form, FormField } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { Textarea } from "@web/components/ui/textarea";
import { useSavedReplies } from "@web/lib/queries/get-saved-replies";
import { toast } from "@web/lib/toast-store";
import { useDeleteSavedReply, useSaveSavedReply } from "../api/save-saved-reply";

interface Values {
  shortcut: string;
  content: string;
}

function ReplyForm({ reply, onClose }: { reply: ApiSavedReply | null; onClose: () => void }) {
  const form = useForm<Values>({ defaultValues: { shortcut: reply?.shortcut ?? "", content: reply?.content ?? "" } });
  const [shortcut, content] = useWatch({ control: form.control, name: ["shortcut", "content"] });
  const save = useSaveSavedReply({
    onSuccess: () => {
      toast({ title: TX.saved, variant: "success" });
      onClose();
    },
  });
  const blank = !shortcut.trim() || !content.trim();
  const submit = (v: Values) => {
    if (blank || save.isPending) return;
    save.mutate({ id: reply?.id, shortcut: v.shortcut.trim(), content: v.content.trim() });
  };
  return (
    <Form form={form} onSubmit={submit} className="gap-3! rounded-lg border p-3" data-testid="saved-reply-form">
      <FormField<Values, "shortcut"> name="shortcut" label={TX.shortcut}>
        {(field) => <Input {...field} maxLength={30} placeholder={TX.shortcutPlaceholder} />}
      </FormField>
      <FormField<Values, "content"> name="content" label={TX.content}>
        {(field) => <Textarea {...field} maxLength={1600} rows={3} placeholder={TX.contentPlaceholder} />}
      </FormField>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onClose}>
          {TX.cancel}
        </Button>
        <Button type="submit" size="sm" disabled={blank || save.isPending} data-testid="saved-reply-save">
          {TX.save}
        </Button>
      </div>
    </Form>
  );
}

// Configurazione: the account's saved replies.
export function SavedRepliesCard() {
  const { data: replies = [], isPending } = useSavedReplies();
  const [editing, setEditing] = useState<ApiSavedReply | "new" | null>(null);
  const remove = useDeleteSavedReply({ onSuccess: () => toast({ title: TX.deleted, variant: "success" }) });
  return (
    <Card data-testid="saved-replies-card">
      <CardHeading icon={<MessageSquareText className="size-5 text-primary" aria-hidden />} title={TX.title} description={TX.description} />
      <CardContent className="grid gap-3">
        {editing === "new" ? <ReplyForm reply={null} onClose={() => setEditing(null)} /> : null}
        {!isPending && replies.length === 0 && editing !== "new" ? <p className="text-sm text-muted-foreground">{TX.empty}</p> : null}
        <ul className="grid gap-2">
          {replies.map((r) =>
            editing !== "new" && editing?.id === r.id ? (
              <li key={r.id}>
                <ReplyForm reply={r} onClose={() => setEditing(null)} />
              </li>
            ) : (
              <li key={r.id} className="flex items-start gap-2 rounded-lg border px-3 py-2" data-testid="saved-reply">
                <div className="min-w-0 flex-1">
                  <p className="font-mono text-xs font-semibold text-primary">/{r.shortcut}</p>
                  <p className="text-sm break-words whitespace-pre-wrap">{r.content}</p>
                </div>
                <Button variant="ghost" size="icon-sm" aria-label={`${TX.edit} /${r.shortcut}`} title={TX.edit} onClick={() => setEditing(r)}>
                  <Pencil aria-hidden />
                </Button>
                <Button
                  variant="ghost-destructive"
                  size="icon-sm"
                  aria-label={`${TX.delete} /${r.shortcut}`}
                  title={TX.delete}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(r.id)}
                >
                  <Trash aria-hidden />
                </Button>
              </li>
            ),
          )}
        </ul>
        {editing === null ? (
          <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setEditing("new")} data-testid="saved-reply-add">
            <Plus aria-hidden />
            {TX.add}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
