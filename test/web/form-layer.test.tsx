import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { Form, FormField, setServerErrors, validatorResolver, type Checked } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";

interface Values {
  name: string;
  phone: string;
}

function validate(values: Values): Checked<{ name: string; phone: string }, keyof Values> {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (!values.name.trim()) errors.name = "Il nome è obbligatorio";
  if (!/^\+\d{8,15}$/.test(values.phone)) errors.phone = "Numero non valido";
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, body: { name: values.name.trim(), phone: values.phone } };
}

function Harness({ onSubmit, serverFields }: { onSubmit: (body: { name: string; phone: string }) => void; serverFields?: Record<string, string> }) {
  const form = useForm<Values, unknown, { name: string; phone: string }>({
    defaultValues: { name: "", phone: "" },
    resolver: validatorResolver(validate),
  });
  return (
    <Form
      form={form}
      onSubmit={(body) => {
        onSubmit(body);
        if (serverFields) setServerErrors(form, serverFields, { numero: "phone" });
      }}
    >
      <FormField<Values, "name"> name="name" label="Nome" hint="Come lo chiamerà l'agente">
        {(field) => <Input {...field} />}
      </FormField>
      <FormField<Values, "phone"> name="phone" label="Telefono">
        {(field) => <Input {...field} />}
      </FormField>
      <button type="submit">Salva</button>
    </Form>
  );
}

describe("form layer", () => {
  it("labels each control, shows the validator's messages on their fields and does not submit", async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const name = screen.getByLabelText("Nome");
    expect(name.getAttribute("aria-describedby")).toBe(screen.getByText("Come lo chiamerà l'agente").id);
    fireEvent.change(screen.getByLabelText("Telefono"), { target: { value: "328" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Salva" })));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(name.getAttribute("aria-describedby")).toBe(screen.getByText("Il nome è obbligatorio").id);
    expect(screen.getByLabelText("Telefono").getAttribute("aria-describedby")).toBe(screen.getByText("Numero non valido").id);
  });

  it("submits the validator's body and puts the server's field messages on the renamed fields", async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} serverFields={{ numero: "Numero già presente" }} />);
    fireEvent.change(screen.getByLabelText("Nome"), { target: { value: "  Mario " } });
    fireEvent.change(screen.getByLabelText("Telefono"), { target: { value: "+393281234567" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Salva" })));
    expect(onSubmit).toHaveBeenCalledWith({ name: "Mario", phone: "+393281234567" });
    await waitFor(() => expect(screen.getByText("Numero già presente")).toBeTruthy());
    expect(screen.getByLabelText("Telefono").getAttribute("aria-invalid")).toBe("true");
  });
});
