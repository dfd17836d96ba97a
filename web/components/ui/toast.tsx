import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { TOAST_DURATION_MS } from "@shared/constants";
import { T } from "@shared/strings";
import { cn } from "@web/lib/cn";
import { dismissToast, useToasts, type ToastVariant } from "@web/lib/toast-store";

const variantClass: Record<ToastVariant, string> = {
  default: "border bg-popover text-popover-foreground",
  success: "border border-success/40 bg-popover text-popover-foreground",
  destructive: "border-destructive bg-destructive text-destructive-foreground",
};

// One toast at a time (see toast-store), 5 s, swipe right past 50 px, F8 focuses the region.
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label={T.notificationsLabel}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={cn(
            "group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl p-4 pr-10 shadow-lg data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-out",
            variantClass[t.variant ?? "default"],
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90 break-words">{t.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label={T.close}
            className="absolute top-3 right-3 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport hotkey={["F8"]} className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none sm:max-w-md" />
    </ToastPrimitive.Provider>
  );
}
