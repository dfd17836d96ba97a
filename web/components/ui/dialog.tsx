import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ComponentProps, HTMLAttributes } from "react";
import { T } from "@shared/strings";
import { cn } from "@web/lib/cn";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn("fixed inset-0 z-50 bg-black/60 backdrop-blur-[2px] animate-overlay-in", className)}
      {...props}
    />
  );
}

// The corner × of a dialog or a sheet, named for screen readers.
function CloseButton({ className, iconClassName }: { className: string; iconClassName: string }) {
  return (
    <DialogPrimitive.Close
      className={cn(
        "absolute top-4 rounded-md p-1 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
    >
      <X className={iconClassName} aria-hidden />
      <span className="sr-only">{T.close}</span>
    </DialogPrimitive.Close>
  );
}

export function DialogContent({ className, children, wide = false, ...props }: ComponentProps<typeof DialogPrimitive.Content> & { wide?: boolean }) {
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-popover p-5 text-popover-foreground shadow-xl animate-dialog-in sm:p-6",
          wide ? "max-w-xl" : "max-w-lg",
          className,
        )}
        {...props}
      >
        {children}
        <CloseButton className="right-4" iconClassName="size-4" />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

// A panel sliding in from the left edge: the mobile navigation.
export function SheetContent({ className, children, ...props }: ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          "fixed inset-y-0 left-0 z-50 flex h-dvh w-[85vw] max-w-xs flex-col border-r bg-sidebar text-sidebar-foreground shadow-xl animate-sheet-in",
          className,
        )}
        {...props}
      >
        {children}
        <CloseButton className="right-3" iconClassName="size-5" />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("flex flex-col gap-1.5 pr-8", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-lg font-semibold leading-tight", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
