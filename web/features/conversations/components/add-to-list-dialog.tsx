import { ListPlus } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import type { ApiConversation } from "@shared/schemas/conversations";
import { listLeadSchema } from "@shared/schemas/lists";
import { Button } from "@web/components/ui/button";
import { FormDialog } from "@web/components/form-dialog";
import { DialogFooter } from "@web/components/ui/dialog";
import { Field } from "@web/components/ui/field";
import { type Checked, Form, FormField, FormSelect, validatorResolver } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { withPlus } from "@web/lib/conversation-format";
import { toast } from "@web/lib/toast-store";
import { useAddContactToList, useStaticLists } from "../api/add-to-list";

// The customer's name split as a list lead wants it: first word, then the rest.
export function splitName(name: string | null): { nome: string; cognome: string } {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  return { nome: words[0] ?? "", cognome: words.slice(1).join(" ") };
}

interface Values {
  listId: string;
  nome: string;
  cognome: string;
  email: string;
  note: string;
}

// The address, when given, is checked as the list would check it (the browser no longer does).
const resolver = validatorResolver((v: Values): Checked<Values, keyof Values> => {
  const email = listLeadSchema.shape.email.safeParse(v.email);
  return email.success ? { ok: true, body: v } : { ok: false, errors: { email: email.error.issues[0]?.message } };
});

function AddToListForm({ conversation, onDone }: { conversation: ApiConversation; onDone: () => void }) {
  const lists = useStaticLists({ enabled: true });
  const form = useForm<Values>({ defaultValues: { listId: "", ...splitName(conversation.customerName), email: "", note: "" }, resolver });
  const [listId, nome, cognome] = useWatch({ control: form.control, name: ["listId", "nome", "cognome"] });
  const add = useAddContactToList({
    onSuccess: () => {
      const name = lists.data?.find((l) => l.id === listId)?.name ?? "";
      toast({ title: TX.addToListDone(name), variant: "success" });
      onDone();
    },
  });
  const available = lists.data ?? [];
  const ready = !!listId && !!nome.trim() && !!cognome.trim();
  const phone = withPlus(conversation.phoneNumber);
  const submit = (v: Values) => {
    if (!ready || add.isPending) return;
    add.mutate({ listId: v.listId, lead: { nome: v.nome, cognome: v.cognome, numeroTelefono: phone, email: v.email || null, note: v.note || null } });
  };
  return (
    <Form form={form} onSubmit={submit} className="gap-3!" data-testid="add-to-list-form">
      <FormSelect<Values, "listId", string>
        name="listId"
        label={TX.addToListPick}
        emptyLabel={available.length === 0 && !lists.isPending ? TX.addToListNoLists : TX.addToListPickPlaceholder}
        options={available.map((l) => l.id)}
        optionLabel={(id) => available.find((l) => l.id === id)?.name}
        disabled={lists.isPending || available.length === 0}
        data-testid="add-to-list-pick"
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField<Values, "nome"> name="nome" label={TX.addToListFirstName}>
          {(field) => <Input {...field} maxLength={100} required />}
        </FormField>
        <FormField<Values, "cognome"> name="cognome" label={TX.addToListLastName}>
          {(field) => <Input {...field} maxLength={100} required />}
        </FormField>
      </div>
      <Field label={TX.addToListPhone} htmlFor={`${conversation.id}-phone`}>
        <Input id={`${conversation.id}-phone`} value={phone} readOnly />
      </Field>
      <FormField<Values, "email"> name="email" label={TX.addToListEmail}>
        {(field) => <Input {...field} type="email" maxLength={200} />}
      </FormField>
      <FormField<Values, "note"> name="note" label={TX.addToListNote}>
        {(field) => <Input {...field} maxLength={1000} />}
      </FormField>
      <DialogFooter>
        <Button type="submit" disabled={!ready || add.isPending} data-testid="add-to-list-submit">
          {TX.addToListSubmit}
        </Button>
      </DialogFooter>
    </Form>
  );
}

export function AddToListDialog({ conversation }: { conversation: ApiConversation }) {
  const [open, setOpen] = useState(false);
  return (
    <FormDialog
      open={open}
      pending={false}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      title={TX.addToListTitle}
      description={TX.addToListDescription}
      trigger={
        <Button variant="ghost" size="icon-sm" aria-label={TX.addToList} title={TX.addToList} data-testid="add-to-list">
          <ListPlus aria-hidden />
        </Button>
      }
    >
      <AddToListForm conversation={conversation} onDone={() => setOpen(false)} />
    </FormDialog>
  );
}
