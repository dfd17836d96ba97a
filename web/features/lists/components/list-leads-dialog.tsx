import { ChevronLeft, ChevronRight, Plus, Search, Trash, X } from "lucide-react";
import { useEffect, useState, type InputHTMLAttributes } from "react";
import { useForm } from "react-hook-form";
import { type ApiList, type ApiListLead, LIST_LEADS_PAGE_SIZE, type ListLeadInput } from "@shared/schemas/lists";
import { T } from "@shared/strings";
import { LEAD_TEXTS } from "@shared/texts/leads";
import { LIST_TEXTS as TX } from "@shared/texts/lists";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Form, FormFooter, FormField, setServerErrors, validatorResolver } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { Spinner } from "@web/components/ui/spinner";
import { fieldErrorsFrom } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useAddListLead } from "../api/add-list-lead";
import { useDeleteListLead } from "../api/delete-list-lead";
import { useListLeads } from "../api/get-list-leads";
import { emptyLeadForm, type LeadFormValues, validateLeadForm } from "../lib/lead-form";

const SEARCH_DELAY_MS = 300;

function fullName(l: ApiListLead) {
  return [l.nome, l.cognome].filter(Boolean).join(" ") || "—";
}

type LeadValues = LeadFormValues;

function AddLeadForm({ listId, onDone }: { listId: string; onDone: () => void }) {
  const add = useAddListLead();
  const form = useForm<LeadValues, unknown, ListLeadInput>({ defaultValues: emptyLeadForm(), resolver: validatorResolver(validateLeadForm) });
  const onSubmit = (input: ListLeadInput) =>
    add.mutate(
      { listId, input },
      {
        onSuccess: () => {
          toast({ title: TX.leadAdded, variant: "success" });
          onDone();
        },
        onError: (err) => {
          // The server reads the number with the account's country: its refusal goes under the field.
          const fields = fieldErrorsFrom(err);
          setServerErrors(form, fields);
        },
      },
    );
  const input = (name: keyof LeadValues, label: string, props: InputHTMLAttributes<HTMLInputElement>) => (
    <FormField<LeadValues, typeof name> name={name} label={label}>
      {(field) => <Input {...field} {...props} />}
    </FormField>
  );
  return (
    <Form form={form} onSubmit={onSubmit} data-testid="add-lead-form">
      <div className="grid gap-3 rounded-lg border bg-muted/30 p-3 sm:p-4">
        <p className="text-sm font-semibold">{TX.addLeadTitle}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          {input("nome", "Nome", { maxLength: 100 })}
          {input("cognome", "Cognome", { maxLength: 100 })}
          {input("numeroTelefono", "Numero telefono", { type: "tel", inputMode: "tel", placeholder: "+39 333 123 4567" })}
          {input("email", "Email", { type: "email" })}
          {input("professione", "Professione", { maxLength: 200 })}
          {input("note", "Note", { maxLength: 1000 })}
        </div>
        <FormFooter onCancel={onDone} pending={add.isPending} size="sm" />
      </div>
    </Form>
  );
}

// The leads of a list: searchable, a page at a time, with a form to add one by hand.
// Keyed by the list, so each opening starts from the first page with no search.
export function ListLeadsDialog({ list, onClose }: { list: ApiList | null; onClose: () => void }) {
  return (
    <Dialog open={list !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent wide>{list ? <ListLeads key={list.id} list={list} /> : null}</DialogContent>
    </Dialog>
  );
}

function ListLeads({ list }: { list: ApiList }) {
  const [search, setSearch] = useState("");
  const [debounced, setDebounced] = useState("");
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const leads = useListLeads(list.id, { search: debounced, page, pageSize: LIST_LEADS_PAGE_SIZE });
  const removal = useDeleteListLead();

  // Only a changed search goes back to the first page (not the opening of the dialog).
  useEffect(() => {
    const next = search.trim();
    if (next === debounced) return;
    const timer = setTimeout(() => {
      setDebounced(next);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, debounced]);

  useEffect(() => {
    if (leads.isError) toast({ title: T.error, description: TX.leadsLoadError, variant: "destructive" });
  }, [leads.isError]);

  const remove = (lead: ApiListLead) => {
    if (!window.confirm(TX.leadDeleteConfirm)) return;
    removal.mutate({ listId: list.id, leadId: lead.id }, { onSuccess: () => toast({ title: LEAD_TEXTS.leadDeleted, variant: "success" }) });
  };

  const data = leads.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // A deletion can empty the last page: go back to the new last one rather than show an empty list.
  useEffect(() => {
    if (data && page > pages) setPage(pages);
  }, [data, page, pages]);
  let body;
  if (leads.isPending) {
    body = (
      <div className="flex justify-center py-10" role="status">
        <Spinner label={T.loading} />
      </div>
    );
  } else if (leads.isError) {
    body = <p className="py-8 text-center text-sm text-destructive">{TX.leadsLoadError}</p>;
  } else if (!data || data.leads.length === 0) {
    body = <p className="py-8 text-center text-sm text-muted-foreground">{debounced ? TX.leadsNoMatch : TX.leadsEmpty}</p>;
  } else {
    body = (
      <ul className="divide-y rounded-lg border" data-testid="list-leads" aria-busy={leads.isFetching}>
        {data.leads.map((lead) => (
          <li key={lead.id} className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-0.5 px-3 py-2.5 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1.2fr)_auto]">
            <span className="truncate text-sm font-medium">{fullName(lead)}</span>
            <span className="row-span-2 sm:row-span-1 sm:order-last">
              <Button size="icon-sm" variant="ghost-destructive" aria-label={`${T.delete} ${fullName(lead)}`} onClick={() => remove(lead)}>
                <Trash aria-hidden />
              </Button>
            </span>
            <span className="truncate font-mono text-xs text-muted-foreground sm:text-sm">{lead.numeroTelefono}</span>
            <span className="col-span-1 hidden truncate text-sm text-muted-foreground sm:block">{lead.email ?? lead.professione ?? ""}</span>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{TX.leadsTitle(list.name)}</DialogTitle>
        <DialogDescription>{data ? LEAD_TEXTS.total(data.total) : " "}</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input type="search" aria-label={TX.leadsSearch} placeholder={TX.leadsSearch} className="pl-9" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <Button variant={adding ? "outline" : "soft"} onClick={() => setAdding((a) => !a)}>
          {adding ? <X aria-hidden /> : <Plus aria-hidden />}
          {adding ? T.close : TX.addLead}
        </Button>
      </div>
      {adding ? <AddLeadForm listId={list.id} onDone={() => setAdding(false)} /> : null}
      {body}
      {data && data.total > data.pageSize ? (
        <div className="flex items-center justify-between gap-2">
          <Button variant="outline" size="sm" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1 || leads.isFetching}>
            <ChevronLeft aria-hidden />
            {TX.previous}
          </Button>
          <span className="text-xs text-muted-foreground">{TX.page(page, pages)}</span>
          <Button variant="outline" size="sm" onClick={() => setPage((p) => Math.min(pages, p + 1))} disabled={page >= pages || leads.isFetching}>
            {TX.next}
            <ChevronRight aria-hidden />
          </Button>
        </div>
      ) : null}
    </>
  );
}
