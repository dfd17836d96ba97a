import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import {
  PERSONAL_ASSISTANT_EXIT_MS,
  PERSONAL_ASSISTANT_STORAGE_KEY,
  PERSONAL_ASSISTANT_TRANSFORM_MS,
} from "@shared/constants";

export const PERSONAL_ASSISTANT_CLASS = "personal-assistant-mode";

export type AssistantTransition = "idle" | "entering" | "exiting";

interface PersonalAssistantValue {
  active: boolean;
  transition: AssistantTransition;
  activate: () => void;
  exit: () => void;
}

export function readStoredAssistantMode(): boolean {
  try {
    return window.localStorage.getItem(PERSONAL_ASSISTANT_STORAGE_KEY) === "true";
  } catch {
    return false;
  }
}

function storeAssistantMode(active: boolean) {
  try {
    if (active) window.localStorage.setItem(PERSONAL_ASSISTANT_STORAGE_KEY, "true");
    else window.localStorage.removeItem(PERSONAL_ASSISTANT_STORAGE_KEY);
  } catch {
    // Storage unavailable: the mode lasts for this page only.
  }
}

const PersonalAssistantContext = createContext<PersonalAssistantValue | null>(null);

export function PersonalAssistantProvider({ children }: { children: ReactNode }) {
  const [active, setActive] = useState(readStoredAssistantMode);
  const [transition, setTransition] = useState<AssistantTransition>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    document.documentElement.classList.toggle(PERSONAL_ASSISTANT_CLASS, active);
  }, [active]);

  useEffect(() => {
    const root = document.documentElement;
    if (transition === "idle") delete root.dataset.paTransition;
    else root.dataset.paTransition = transition;
  }, [transition]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const activate = useCallback(() => {
    if (active || transition === "entering") return;
    clearTimeout(timer.current);
    setTransition("entering");
    timer.current = setTimeout(() => {
      storeAssistantMode(true);
      setActive(true);
      setTransition("idle");
    }, PERSONAL_ASSISTANT_TRANSFORM_MS);
  }, [active, transition]);

  const exit = useCallback(() => {
    clearTimeout(timer.current);
    storeAssistantMode(false);
    setActive(false);
    setTransition("exiting");
    timer.current = setTimeout(() => setTransition("idle"), PERSONAL_ASSISTANT_EXIT_MS);
  }, []);

  const value = useMemo(() => ({ active, transition, activate, exit }), [active, transition, activate, exit]);
  return <PersonalAssistantContext.Provider value={value}>{children}</PersonalAssistantContext.Provider>;
}

export function usePersonalAssistant(): PersonalAssistantValue {
  const value = useContext(PersonalAssistantContext);
  if (!value) throw new Error("usePersonalAssistant needs a PersonalAssistantProvider");
  return value;
}
