// Failed promises nobody awaited are logged, not surfaced as uncaught errors.
export function installUnhandledRejectionHandler(target: Window = window): () => void {
  const handler = (event: PromiseRejectionEvent) => {
    console.error("Unhandled promise rejection:", event.reason);
    event.preventDefault();
  };
  target.addEventListener("unhandledrejection", handler);
  return () => target.removeEventListener("unhandledrejection", handler);
}
