import { useEffect, useState } from "react";
import { POLL_MS } from "@shared/constants";

// A clock that ticks every intervalMs, so relative times ("2 minuti fa") stay current.
export function useNow(intervalMs: number = POLL_MS.time): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
