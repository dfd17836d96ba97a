import { act, renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { PERSONAL_ASSISTANT_STORAGE_KEY, THEME_STORAGE_KEY } from "@shared/constants";
import script from "@web/public/theme-init.js?raw";
import { applyTheme, getTheme, readStoredTheme, resetThemeCache, setTheme, toggleTheme, useTheme } from "@web/lib/theme";

const root = document.documentElement;

describe("theme", () => {
  beforeEach(() => resetThemeCache());

  it("defaults to dark", () => {
    expect(THEME_STORAGE_KEY).toBe("theme");
    expect(readStoredTheme()).toBe("dark");
    localStorage.setItem("theme", "something else");
    expect(readStoredTheme()).toBe("dark");
  });

  it("reads light from storage", () => {
    localStorage.setItem("theme", "light");
    expect(getTheme()).toBe("light");
  });

  it("saves the choice under 'theme' and applies it as a class on <html>", () => {
    setTheme("light");
    expect(localStorage.getItem("theme")).toBe("light");
    expect(root.classList.contains("light")).toBe(true);
    expect(root.classList.contains("dark")).toBe(false);
    expect(toggleTheme()).toBe("dark");
    expect(localStorage.getItem("theme")).toBe("dark");
    expect(root.classList.contains("dark")).toBe(true);
    expect(root.classList.contains("light")).toBe(false);
  });

  it("survives a reload", () => {
    setTheme("light");
    resetThemeCache();
    expect(getTheme()).toBe("light");
  });

  it("re-renders subscribers on toggle", () => {
    const { result } = renderHook(() => useTheme());
    expect(result.current.theme).toBe("dark");
    act(() => result.current.toggle());
    expect(result.current.theme).toBe("light");
  });

  it("applyTheme swaps the classes", () => {
    applyTheme("dark");
    applyTheme("light");
    expect([...root.classList]).toEqual(["light"]);
  });
});

describe("theme-init.js (runs before first paint)", () => {
  const run = () => new Function(script)();

  it("uses the same storage keys as the app", () => {
    expect(script).toContain(`"${THEME_STORAGE_KEY}"`);
    expect(script).toContain(`"${PERSONAL_ASSISTANT_STORAGE_KEY}"`);
  });

  it("applies dark by default and the stored theme otherwise", () => {
    run();
    expect(root.classList.contains("dark")).toBe(true);
    root.className = "";
    localStorage.setItem("theme", "light");
    run();
    expect(root.classList.contains("light")).toBe(true);
    expect(root.classList.contains("dark")).toBe(false);
  });

  it("restores Personal Assistant mode", () => {
    localStorage.setItem(PERSONAL_ASSISTANT_STORAGE_KEY, "true");
    run();
    expect(root.classList.contains("personal-assistant-mode")).toBe(true);
  });
});
