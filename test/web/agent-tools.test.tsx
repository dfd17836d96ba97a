import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_BOOKING_SETTINGS } from "@shared/schemas/agent";
import { AGENT_TEXTS as TX } from "@shared/texts/agent";
import { BookingHoursCard } from "@web/features/agent/components/booking-hours-card";
import { bookingSettingsQueryOptions } from "@web/features/agent/api/booking-settings";
import { createQueryClient } from "@web/lib/query-client";
import { AgentEventLine, HandoffSummary } from "@web/features/conversations/components/agent-activity";
import { AgentToolsChecklist } from "@web/features/prompts/components/agent-tools-checklist";
import { emptyPromptForm, validatePromptForm } from "@web/features/prompts/lib/prompt-form";
import { jsonResponse, mockFetch } from "./fetch-mock";

describe("the prompt's tools", () => {
  it("starts with no tools and sends the ones ticked, in a fixed order", () => {
    expect(emptyPromptForm().agentTools).toEqual([]);
    const onChange = vi.fn();
    render(<AgentToolsChecklist selected={["operatore"]} onChange={onChange} unsupported={false} />);
    fireEvent.click(screen.getByLabelText(new RegExp(TX.toolLabels.prenotazioni)));
    expect(onChange).toHaveBeenLastCalledWith(["prenotazioni", "operatore"]);
    fireEvent.click(screen.getByLabelText(new RegExp(TX.toolLabels.operatore)));
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(screen.queryByText(TX.toolsUnsupported)).toBeNull();
    const form = { ...emptyPromptForm(), name: "Agente", content: "Vendi.", agentTools: ["qualifica", "contatto"] as const };
    const valid = validatePromptForm({ ...form, agentTools: [...form.agentTools] });
    expect(valid.ok && valid.data.agentTools).toEqual(["contatto", "qualifica"]);
  });

  it("says when the prompt's model refused tools", () => {
    render(<AgentToolsChecklist selected={[]} onChange={() => {}} unsupported />);
    expect(screen.getByRole("status").textContent).toBe(TX.toolsUnsupported);
  });
});

describe("the agent in the chat", () => {
  it("shows an event line and the hand-over summary", () => {
    render(
      <ol>
        <AgentEventLine event={{ id: "e1", tool: "prenota", status: "ok", text: "L'agente ha prenotato giovedì 3 dicembre alle 10:00", createdAt: "2026-12-01T08:00:00Z" }} />
      </ol>,
    );
    expect(screen.getByTestId("agent-event").textContent).toContain("L'agente ha prenotato giovedì 3 dicembre alle 10:00· 09:00");
    render(<HandoffSummary handoff={{ richiesta: "Preventivo cucina", promesso: null, mancante: "Misure", createdAt: "2026-12-01T08:00:00Z" }} />);
    const summary = screen.getByTestId("handoff-summary");
    expect(summary.textContent).toContain(TX.handoffTitle);
    expect(summary.textContent).toContain("Preventivo cucina");
    expect(summary.textContent).toContain("Misure");
    expect(summary.textContent).not.toContain(TX.handoffPromised);
  });
});

describe("the opening hours card", () => {
  it("opens for editing once the saved settings arrive, and a later read keeps what is being edited", async () => {
    const saved = { ...DEFAULT_BOOKING_SETTINGS, openingHours: [[], [{ start: "09:00", end: "13:00" }], [], [], [], [], []] };
    let release!: () => void;
    const first = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    mockFetch({
      "GET /api/agent/booking-settings": () => {
        reads += 1;
        return reads === 1 ? first.then(() => jsonResponse(saved)) : jsonResponse(saved);
      },
      "GET /api/twilio-templates": () => jsonResponse([]),
    });
    const queryClient = createQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <BookingHoursCard />
      </QueryClientProvider>,
    );
    const form = () => screen.getByTestId("booking-hours-form") as HTMLFieldSetElement;
    expect(form().disabled).toBe(true);
    release();
    await waitFor(() => expect(form().disabled).toBe(false));
    expect(screen.getAllByLabelText(`${TX.weekdayLabels[1]} ${TX.from}`)).toHaveLength(1);

    // Tuesday opened by the user, then the settings are read again (another tab, a refocus).
    fireEvent.click(screen.getByRole("button", { name: `${TX.addRange} ${TX.weekdayLabels[2]}` }));
    await act(() => queryClient.invalidateQueries({ queryKey: bookingSettingsQueryOptions().queryKey }));
    expect(reads).toBe(2);
    expect(screen.getAllByLabelText(`${TX.weekdayLabels[2]} ${TX.from}`)).toHaveLength(1);
  });
});
