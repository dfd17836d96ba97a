import { useCallback, useSyncExternalStore } from "react";
import { THEME_STORAGE_KEY } from "@shared/constants";

export type Theme = "dark" | "light";
export const DEFAULT_THEME: Theme = "dark";

export function readStoredTheme(storage: Pick<Storage, "getItem"> | null = safeStorage()): Theme {
  try {
    return storage?.getItem(THEME_STORAGE_KEY) === "light" ? "light" : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.remove(theme === "dark" ? "light" : "dark");
  root.classList.add(theme);
  root.style.colorScheme = theme;
}

function safeStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let current: Theme | null = null;

export function getTheme(): Theme {
  current ??= readStoredTheme();
  return current;
}

export function setTheme(theme: Theme): void {
  current = theme;
  try {
    safeStorage()?.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode or a full quota: the theme still applies for this visit.
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

export function toggleTheme(): Theme {
  const next: Theme = getTheme() === "dark" ? "light" : "dark";
  setTheme(next);
  return next;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): { theme: Theme; toggle: () => void } {
  const theme = useSyncExternalStore(subscribe, getTheme, getTheme);
  const toggle = useCallback(() => void toggleTheme(), []);
  return { theme, toggle };
}

// For tests: forget the cached value so the next read comes from storage.
export function resetThemeCache(): void {
  current = null;
}
