import { ListPlus } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { CONVERSATION_TEXTS as TX } from "@shared/conversation-texts";
import type { ApiConversation } from "@shared/schemas/conversations";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@web/components/ui/dialog";
import { Field } from "@web/components/ui/field";
import { Input, NativeSelect } from "@web/components/ui/input";
import { withPlus } from "@web/lib/conversation-format";
import { serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useAddContactToList, useStaticLists } from "../api/add-to-list";

// The customer's name split as a list lead wants it: first word, then the rest.
export function splitName(name: string | null): { nome: string; cognome: string } {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  return { nome: words[0] ?? "", cognome: words.slice(1).join(" ") };
}

function AddToListForm({ conversation, onDone }: { conversation: ApiConversation; onDone: () => void }) {
  const id = useId();
  const lists = useStaticLists({ enabled: true });
  const [listId, setListId] = useState("");
  const [fields, setFields] = useState(() => ({ ...splitName(conversation.customerName), email: "", note: "" }));
  const add = useAddContactToList({
    onSuccess: () => {
      const name = lists.data?.find((l) => l.id === listId)?.name ?? "";
      toast({ title: TX.addToListDone(name), variant: "success" });
      onDone();
    },
    onError: (err) => toast({ title: T.error, description: serverMessage(err, TX.addToListError), variant: "destructive" }),
  });
  const available = lists.data ?? [];
  const ready = !!listId && !!fields.nome.trim() && !!fields.cognome.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready || add.isPending) return;
    add.mutate({
      listId,
      lead: {
        nome: fields.nome,
        cognome: fields.cognome,
        numeroTelefono: withPlus(conversation.phoneNumber),
        email: fields.email || null,
        note: fields.note || null,
      },
    });
  };
  const set = (key: keyof typeof fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));
  return (
    <form className="grid gap-3" onSubmit={submit} data-testid="add-to-list-form">
      <Field label={TX.addToListPick} htmlFor={`${id}-list`}>
        <NativeSelect id={`${id}-list`} value={listId} onChange={(e) => setListId(e.target.value)} disabled={lists.isPending || available.length === 0} data-testid="add-to-list-pick">
          <option value="">{available.length === 0 && !lists.isPending ? TX.addToListNoLists : TX.addToListPickPlaceholder}</option>
          {available.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={TX.addToListFirstName} htmlFor={`${id}-nome`}>
          <Input id={`${id}-nome`} value={fields.nome} onChange={set("nome")} maxLength={100} required />
        </Field>
        <Field label={TX.addToListLastName} htmlFor={`${id}-cognome`}>
          <Input id={`${id}-cognome`} value={fields.cognome} onChange={set("cognome")} maxLength={100} required />
        </Field>
      </div>
      <Field label={TX.addToListPhone} htmlFor={`${id}-phone`}>
        <Input id={`${id}-phone`} value={withPlus(conversation.phoneNumber)} readOnly />
      </Field>
      <Field label={TX.addToListEmail} htmlFor={`${id}-email`}>
        <Input id={`${id}-email`} type="email" value={fields.email} onChange={set("email")} maxLength={200} />
      </Field>
      <Field label={TX.addToListNote} htmlFor={`${id}-note`}>
        <Input id={`${id}-note`} value={fields.note} onChange={set("note")} maxLength={1000} />
      </Field>
      <DialogFooter>
        <Button type="submit" disabled={!ready || add.isPending} data-testid="add-to-list-submit">
          {TX.addToListSubmit}
        </Button>
      </DialogFooter>
    </form>
  );
}

export function AddToListDialog({ conversation }: { conversation: ApiConversation }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={TX.addToList} title={TX.addToList} data-testid="add-to-list">
          <ListPlus aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{TX.addToListTitle}</DialogTitle>
          <DialogDescription>{TX.addToListDescription}</DialogDescription>
        </DialogHeader>
        {open ? <AddToListForm conversation={conversation} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
