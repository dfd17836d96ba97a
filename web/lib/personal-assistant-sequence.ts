import { PERSONAL_ASSISTANT_IDLE_RESET_MS, PERSONAL_ASSISTANT_SEQUENCE } from "@shared/constants";

export interface SequenceState {
  progress: number;
  lastPressAt: number | null;
}

export interface SequenceOptions {
  sequence?: readonly number[];
  idleResetMs?: number;
}

export const INITIAL_SEQUENCE_STATE: SequenceState = { progress: 0, lastPressAt: null };

// One press of the hidden icon sequence. A wrong icon resets the progress (counting it as a
// fresh start when it is the first icon); so does a pause of idleResetMs or more.
export function pressIcon(
  state: SequenceState,
  index: number,
  now: number,
  { sequence = PERSONAL_ASSISTANT_SEQUENCE, idleResetMs = PERSONAL_ASSISTANT_IDLE_RESET_MS }: SequenceOptions = {},
): { state: SequenceState; completed: boolean } {
  let progress = state.progress;
  if (state.lastPressAt !== null && now - state.lastPressAt >= idleResetMs) progress = 0;
  if (index === sequence[progress]) progress += 1;
  else progress = index === sequence[0] ? 1 : 0;
  if (progress >= sequence.length) return { state: INITIAL_SEQUENCE_STATE, completed: true };
  return { state: { progress, lastPressAt: progress > 0 ? now : null }, completed: false };
}

export interface SequenceTracker {
  press(index: number): boolean;
  reset(): void;
  readonly progress: number;
  dispose(): void;
}

// pressIcon plus the idle timer, so progress visibly drops back to zero after a pause.
export function createSequenceTracker({
  onComplete,
  onProgress,
  sequence = PERSONAL_ASSISTANT_SEQUENCE,
  idleResetMs = PERSONAL_ASSISTANT_IDLE_RESET_MS,
  now = () => Date.now(),
}: SequenceOptions & {
  onComplete: () => void;
  onProgress?: (progress: number) => void;
  now?: () => number;
}): SequenceTracker {
  let state = INITIAL_SEQUENCE_STATE;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const setState = (next: SequenceState) => {
    const changed = next.progress !== state.progress;
    state = next;
    if (changed) onProgress?.(state.progress);
  };
  const reset = () => {
    clearTimeout(timer);
    timer = undefined;
    setState(INITIAL_SEQUENCE_STATE);
  };

  return {
    press(index) {
      clearTimeout(timer);
      const result = pressIcon(state, index, now(), { sequence, idleResetMs });
      setState(result.state);
      if (result.completed) {
        onComplete();
        return true;
      }
      if (state.progress > 0) timer = setTimeout(reset, idleResetMs);
      return false;
    },
    reset,
    get progress() {
      return state.progress;
    },
    dispose() {
      clearTimeout(timer);
    },
  };
}
