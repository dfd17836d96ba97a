import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PERSONAL_ASSISTANT_IDLE_RESET_MS, PERSONAL_ASSISTANT_SEQUENCE } from "@shared/constants";
import { createSequenceTracker, INITIAL_SEQUENCE_STATE, pressIcon, type SequenceState } from "@web/lib/personal-assistant-sequence";

function pressAll(indexes: number[], start = 0, step = 100) {
  let state: SequenceState = INITIAL_SEQUENCE_STATE;
  let completed = false;
  indexes.forEach((index, i) => {
    const result = pressIcon(state, index, start + i * step);
    state = result.state;
    completed ||= result.completed;
  });
  return { state, completed };
}

describe("pressIcon", () => {
  it("completes on 0,1,2,3 in order", () => {
    expect(PERSONAL_ASSISTANT_SEQUENCE).toEqual([0, 1, 2, 3]);
    expect(pressAll([0, 1, 2]).completed).toBe(false);
    expect(pressAll([0, 1, 2]).state.progress).toBe(3);
    const done = pressAll([0, 1, 2, 3]);
    expect(done.completed).toBe(true);
    expect(done.state).toEqual(INITIAL_SEQUENCE_STATE);
  });

  it("does not complete out of order", () => {
    expect(pressAll([3, 2, 1, 0]).completed).toBe(false);
    expect(pressAll([0, 2, 1, 3]).completed).toBe(false);
    expect(pressAll([1, 2, 3]).completed).toBe(false);
  });

  it("resets on a wrong click", () => {
    expect(pressAll([0, 1, 3]).state.progress).toBe(0);
    expect(pressAll([0, 1, 3, 2, 3]).completed).toBe(false);
  });

  it("counts a wrong click on the first icon as a fresh start", () => {
    expect(pressAll([0, 1, 0]).state.progress).toBe(1);
    expect(pressAll([0, 1, 0, 1, 2, 3]).completed).toBe(true);
  });

  it("resets after 3 s of idleness", () => {
    const afterPause = pressIcon(pressAll([0, 1]).state, 2, 100 + PERSONAL_ASSISTANT_IDLE_RESET_MS);
    expect(afterPause.state.progress).toBe(0);
    const justInTime = pressIcon(pressAll([0, 1]).state, 2, 100 + PERSONAL_ASSISTANT_IDLE_RESET_MS - 1);
    expect(justInTime.state.progress).toBe(3);
  });
});

describe("createSequenceTracker", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("calls onComplete once the sequence is clicked in order", () => {
    const onComplete = vi.fn();
    const tracker = createSequenceTracker({ onComplete });
    [0, 1, 2].forEach((i) => tracker.press(i));
    expect(onComplete).not.toHaveBeenCalled();
    expect(tracker.press(3)).toBe(true);
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(tracker.progress).toBe(0);
  });

  it("drops progress after 3 s idle, so the rest of the sequence no longer completes", () => {
    const onComplete = vi.fn();
    const onProgress = vi.fn();
    const tracker = createSequenceTracker({ onComplete, onProgress });
    tracker.press(0);
    tracker.press(1);
    expect(tracker.progress).toBe(2);
    vi.advanceTimersByTime(PERSONAL_ASSISTANT_IDLE_RESET_MS - 1);
    expect(tracker.progress).toBe(2);
    vi.advanceTimersByTime(1);
    expect(tracker.progress).toBe(0);
    expect(onProgress).toHaveBeenLastCalledWith(0);
    tracker.press(2);
    tracker.press(3);
    expect(onComplete).not.toHaveBeenCalled();
  });

  it("restarts the idle timer on every click", () => {
    const onComplete = vi.fn();
    const tracker = createSequenceTracker({ onComplete });
    for (const i of [0, 1, 2, 3]) {
      tracker.press(i);
      vi.advanceTimersByTime(PERSONAL_ASSISTANT_IDLE_RESET_MS - 500);
    }
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it("resets on a wrong click", () => {
    const onComplete = vi.fn();
    const tracker = createSequenceTracker({ onComplete });
    tracker.press(0);
    tracker.press(1);
    tracker.press(1);
    expect(tracker.progress).toBe(0);
    tracker.press(2);
    tracker.press(3);
    expect(onComplete).not.toHaveBeenCalled();
  });
});
