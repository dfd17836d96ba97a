import { Moon, Sun } from "lucide-react";
import { T } from "@shared/strings";
import { useTheme } from "../lib/theme";
import { Button } from "./ui/button";

export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggle } = useTheme();
  const label = theme === "dark" ? T.themeToLight : T.themeToDark;
  return (
    <Button variant="ghost" size="icon-sm" className={className} onClick={toggle} aria-label={label} title={label} data-testid="theme-toggle">
      {theme === "dark" ? <Sun aria-hidden /> : <Moon aria-hidden />}
    </Button>
  );
}
