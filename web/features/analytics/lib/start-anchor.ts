// The dashboard wraps its start-conversation form in this anchor (spec: #start-conversation).
export const START_FORM_ANCHOR = "start-conversation";

export function jumpToStartForm(doc: Document = document): boolean {
  const anchor = doc.getElementById(START_FORM_ANCHOR);
  if (!anchor) return false;
  anchor.scrollIntoView?.({ behavior: "smooth", block: "start" });
  anchor.querySelector<HTMLElement>("input, select, textarea")?.focus({ preventScroll: true });
  return true;
}
