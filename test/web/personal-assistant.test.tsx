import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PERSONAL_ASSISTANT_STORAGE_KEY } from "@shared/constants";
import { DASHBOARD_TEXTS } from "@shared/texts/dashboard";
import { T } from "@shared/strings";
import { PaIconRow } from "@web/features/dashboard/components/pa-icon-row";
import { PersonalAssistantProvider, usePersonalAssistant } from "@web/lib/personal-assistant";

function Probe() {
  const { active, transition, exit } = usePersonalAssistant();
  return (
    <div>
      <span data-testid="state">{`${active}:${transition}`}</span>
      <button type="button" onClick={exit}>
        {T.paExit}
      </button>
    </div>
  );
}

function renderRow() {
  return render(
    <PersonalAssistantProvider>
      <PaIconRow />
      <Probe />
    </PersonalAssistantProvider>,
  );
}

const html = document.documentElement;
const state = () => screen.getByTestId("state").textContent;
const click = (i: number) => fireEvent.click(screen.getByTestId(`pa-icon-${i}`));

describe("Personal Assistant mode", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("turns on 2 s after the four icons are clicked in order", () => {
    renderRow();
    expect(screen.getByLabelText("Icona 1")).toBe(screen.getByTestId("pa-icon-0"));
    [0, 1, 2, 3].forEach(click);
    expect(state()).toBe("false:entering");
    expect(screen.getByText(DASHBOARD_TEXTS.paTransforming)).toBeTruthy();
    act(() => vi.advanceTimersByTime(1999));
    expect(html.classList.contains("personal-assistant-mode")).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(state()).toBe("true:idle");
    expect(html.classList.contains("personal-assistant-mode")).toBe(true);
    expect(localStorage.getItem(PERSONAL_ASSISTANT_STORAGE_KEY)).toBe("true");
    expect(screen.queryByText(DASHBOARD_TEXTS.paTransforming)).toBeNull();
  });

  it("stays off after a wrong click", () => {
    renderRow();
    [0, 1, 3, 2, 3].forEach(click);
    act(() => vi.advanceTimersByTime(5000));
    expect(state()).toBe("false:idle");
    expect(html.classList.contains("personal-assistant-mode")).toBe(false);
  });

  it("stays off when the user pauses 3 s mid-sequence", () => {
    renderRow();
    click(0);
    click(1);
    act(() => vi.advanceTimersByTime(3000));
    click(2);
    click(3);
    act(() => vi.advanceTimersByTime(5000));
    expect(state()).toBe("false:idle");
  });

  it("exits at once and clears the transition after 1 s", () => {
    localStorage.setItem(PERSONAL_ASSISTANT_STORAGE_KEY, "true");
    renderRow();
    expect(state()).toBe("true:idle");
    expect(html.classList.contains("personal-assistant-mode")).toBe(true);
    fireEvent.click(screen.getByText(T.paExit));
    expect(state()).toBe("false:exiting");
    expect(html.classList.contains("personal-assistant-mode")).toBe(false);
    expect(localStorage.getItem(PERSONAL_ASSISTANT_STORAGE_KEY)).toBeNull();
    act(() => vi.advanceTimersByTime(999));
    expect(state()).toBe("false:exiting");
    act(() => vi.advanceTimersByTime(1));
    expect(state()).toBe("false:idle");
  });
});
