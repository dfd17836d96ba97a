import type { ReactNode } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";

// The frame of a campaign's dialogs: closing is refused while saving, and the form inside is mounted
// afresh at every opening (its values start over).
export function CampaignDialog({
  open,
  pending,
  onClose,
  title,
  description,
  wide = false,
  children,
}: {
  open: boolean;
  pending: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      <DialogContent wide={wide}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open ? children : null}
      </DialogContent>
    </Dialog>
  );
}
