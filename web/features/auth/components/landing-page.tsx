import { ChartColumnIncreasing, Bot, CircleCheck, Megaphone } from "lucide-react";
import { AUTH_TEXTS } from "@shared/texts/auth";
import { T } from "@shared/strings";
import { BrandLogo } from "@web/components/brand-logo";
import { ThemeToggle } from "@web/components/theme-toggle";
import { buttonVariants } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { LoginPopover } from "./login-popover";

const featureIcons = [Bot, Megaphone, ChartColumnIncreasing];

export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <BrandLogo />
          <div className="flex items-center gap-2">
            <ThemeToggle />
            <LoginPopover />
          </div>
        </div>
      </header>

      <main className="flex-1">
        <section className="relative overflow-hidden">
          <div className="pointer-events-none absolute inset-x-0 -top-40 mx-auto h-80 max-w-3xl rounded-full bg-glow blur-3xl" aria-hidden />
          <div className="relative mx-auto max-w-4xl px-4 pt-16 pb-12 text-center sm:px-6 sm:pt-24">
            <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">{AUTH_TEXTS.landingTitle}</h1>
            <p className="mx-auto mt-5 max-w-2xl text-base text-pretty text-muted-foreground sm:text-lg">{AUTH_TEXTS.landingSubtitle}</p>
            <div className="mt-8 flex justify-center">
              <a href="/api/login" className={buttonVariants({ size: "lg" })}>
                {AUTH_TEXTS.landingStart}
              </a>
            </div>
            <ul className="mt-6 flex flex-col items-center justify-center gap-2 text-sm text-muted-foreground sm:flex-row sm:gap-6">
              {AUTH_TEXTS.landingBullets.map((bullet) => (
                <li key={bullet} className="inline-flex items-center gap-1.5">
                  <CircleCheck className="size-4 text-primary" aria-hidden />
                  {bullet}
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="mx-auto grid max-w-6xl gap-4 px-4 pb-16 sm:px-6 md:grid-cols-3">
          {AUTH_TEXTS.landingFeatures.map((feature, i) => {
            const Icon = featureIcons[i] ?? Bot;
            return (
              <Card key={feature.title}>
                <CardHeader>
                  <span className="mb-2 inline-flex size-10 items-center justify-center rounded-lg bg-primary/15 text-primary">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <CardTitle>{feature.title}</CardTitle>
                </CardHeader>
                <CardContent className="text-sm text-muted-foreground">{feature.text}</CardContent>
              </Card>
            );
          })}
        </section>

        <section className="border-t bg-card/50">
          <div className="mx-auto flex max-w-4xl flex-col items-center gap-4 px-4 py-12 text-center sm:px-6">
            <p className="text-lg font-semibold">{AUTH_TEXTS.landingBullets[0]}</p>
            <a href="/api/login" className={buttonVariants({ variant: "outline" })}>
              {AUTH_TEXTS.landingStart}
            </a>
          </div>
        </section>
      </main>

      <footer className="border-t py-6 text-center text-xs text-muted-foreground">© {new Date().getFullYear()} {T.appName}</footer>
    </div>
  );
}
