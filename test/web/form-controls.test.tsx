import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import {
  dataResolver,
  Form,
  FormCheckbox,
  FormField,
  FormFooter,
  FormSelect,
  FormSwitch,
  useRootErrorClearedOnChange,
} from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";

interface Values {
  name: string;
  plan: string;
  reminders: boolean;
  owner: boolean;
}

type Body = { name: string; plan: string; reminders: boolean; owner: boolean };

// A validator in the `{ ok, data }` shape the features' lib modules answer.
function validate(values: Values): { ok: true; data: Body } | { ok: false; errors: Partial<Record<keyof Values | "root", string>> } {
  if (!values.name.trim()) return { ok: false, errors: { name: "Nome richiesto" } };
  if (values.name === "rifiuta") return { ok: false, errors: { root: "Regola tra più campi" } };
  return { ok: true, data: { ...values, name: values.name.trim() } };
}

function Harness({ onSubmit, onInvalid, onCancel }: { onSubmit: (body: Body) => void; onInvalid?: () => void; onCancel?: () => void }) {
  const form = useForm<Values, unknown, Body>({
    defaultValues: { name: "", plan: "", reminders: false, owner: false },
    resolver: dataResolver(validate),
  });
  useRootErrorClearedOnChange(form);
  return (
    <Form form={form} onSubmit={onSubmit} onInvalid={onInvalid}>
      {form.formState.errors.root?.message ? <p data-testid="root-error">{form.formState.errors.root.message}</p> : null}
      <FormField<Values, "name"> name="name" label="Nome">
        {(field) => <Input {...field} />}
      </FormField>
      <FormSelect<Values, "plan", string> name="plan" label="Piano" emptyLabel="Nessuno" options={["base", "pro"]} optionLabel={(p) => p.toUpperCase()} />
      <FormSwitch<Values, "reminders"> name="reminders" label="Promemoria" />
      <FormCheckbox<Values, "owner"> name="owner">Proprietario</FormCheckbox>
      <FormFooter pending={false} onCancel={onCancel ?? (() => {})} submitLabel="Crea" />
    </Form>
  );
}

describe("form controls", () => {
  it("shows the validator's message in the same render as the click, and tells onInvalid", async () => {
    const onSubmit = vi.fn();
    const onInvalid = vi.fn();
    render(<Harness onSubmit={onSubmit} onInvalid={onInvalid} />);
    fireEvent.click(screen.getByRole("button", { name: "Crea" }));
    // No await: the message is there at once.
    expect(screen.getByText("Nome richiesto")).toBeTruthy();
    expect(screen.getByLabelText("Nome").getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(onInvalid).toHaveBeenCalledTimes(1));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("submits the data of a { ok, data } validator with the select, switch and checkbox values", async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const plan = screen.getByLabelText("Piano") as HTMLSelectElement;
    expect(Array.from(plan.options).map((o) => [o.value, o.textContent])).toEqual([
      ["", "Nessuno"],
      ["base", "BASE"],
      ["pro", "PRO"],
    ]);
    fireEvent.change(screen.getByLabelText("Nome"), { target: { value: " Mario " } });
    fireEvent.change(plan, { target: { value: "pro" } });
    fireEvent.click(screen.getByRole("switch", { name: "Promemoria" }));
    fireEvent.click(screen.getByLabelText("Proprietario"));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Crea" })));
    expect(onSubmit).toHaveBeenCalledWith({ name: "Mario", plan: "pro", reminders: true, owner: true });
  });

  it("clears the form's own message as soon as a value changes", async () => {
    render(<Harness onSubmit={vi.fn()} />);
    fireEvent.change(screen.getByLabelText("Nome"), { target: { value: "rifiuta" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Crea" })));
    expect(screen.getByTestId("root-error").textContent).toBe("Regola tra più campi");
    fireEvent.click(screen.getByRole("switch", { name: "Promemoria" }));
    expect(screen.queryByTestId("root-error")).toBeNull();
  });

  it("cancels without submitting", () => {
    const onSubmit = vi.fn();
    const onCancel = vi.fn();
    render(<Harness onSubmit={onSubmit} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole("button", { name: "Annulla" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
