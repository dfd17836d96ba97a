import type { ApiLabel } from "@shared/schemas/conversations";

// Chip classes per palette colour, readable in the dark and the light theme.
export const LABEL_CHIP: Record<ApiLabel["color"], string> = {
  gray: "border-zinc-500/40 bg-zinc-500/15 text-zinc-700 dark:text-zinc-300",
  red: "border-red-500/40 bg-red-500/15 text-red-700 dark:text-red-300",
  orange: "border-orange-500/40 bg-orange-500/15 text-orange-700 dark:text-orange-300",
  amber: "border-amber-500/40 bg-amber-500/15 text-amber-700 dark:text-amber-300",
  green: "border-green-500/40 bg-green-500/15 text-green-700 dark:text-green-300",
  teal: "border-teal-500/40 bg-teal-500/15 text-teal-700 dark:text-teal-300",
  blue: "border-blue-500/40 bg-blue-500/15 text-blue-700 dark:text-blue-300",
  violet: "border-violet-500/40 bg-violet-500/15 text-violet-700 dark:text-violet-300",
  pink: "border-pink-500/40 bg-pink-500/15 text-pink-700 dark:text-pink-300",
};

export const LABEL_COLOR_NAMES: Record<ApiLabel["color"], string> = {
  gray: "Grigio",
  red: "Rosso",
  orange: "Arancione",
  amber: "Ambra",
  green: "Verde",
  teal: "Verde acqua",
  blue: "Blu",
  violet: "Viola",
  pink: "Rosa",
};
