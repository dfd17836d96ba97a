// The dates the console shows live with the rest of Rome time (rome-time.ts); this name stays for its importers.
export { formatRomeDate, formatRomeDateTime, pad2 } from "./rome-time";
