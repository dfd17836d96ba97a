import { describe, expect, it } from "vitest";
import { dismissToast, getToasts, toast } from "@web/lib/toast-store";

describe("toasts", () => {
  it("shows one at a time: a new toast replaces the current one", () => {
    toast({ title: "Primo" });
    toast({ title: "Secondo", description: "x", variant: "destructive" });
    const shown = getToasts();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: "Secondo", description: "x", variant: "destructive", open: true });
  });

  it("closes on dismiss", () => {
    const { id } = toast({ title: "Chiudimi" });
    dismissToast(id);
    expect(getToasts().find((t) => t.id === id)?.open).toBe(false);
  });
});
