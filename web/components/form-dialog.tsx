import type { ReactNode } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "./ui/dialog";

// The frame of a dialog holding a form: it cannot be closed while saving, and the form inside is mounted
// afresh at every opening (its values start over; give it a `key` to start over when what it edits changes).
// With a `trigger` the dialog opens from it (`onOpen`); without a `title` the form renders its own header.
export function FormDialog({
  open,
  pending,
  onClose,
  onOpen,
  trigger,
  title,
  description,
  wide = false,
  children,
}: {
  open: boolean;
  pending: boolean;
  onClose: () => void;
  onOpen?: () => void;
  trigger?: ReactNode;
  title?: ReactNode;
  description?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpen?.() : !pending && onClose())}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent wide={wide}>
        {title ? (
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
        ) : null}
        {open ? children : null}
      </DialogContent>
    </Dialog>
  );
}
