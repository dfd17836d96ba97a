import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AGENT_TEXTS as TX } from "@shared/texts/agent";
import { AgentEventLine, HandoffSummary } from "@web/features/conversations/components/agent-activity";
import { AgentToolsChecklist } from "@web/features/prompts/components/agent-tools-checklist";
import { emptyPromptForm, validatePromptForm } from "@web/features/prompts/lib/prompt-form";

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
