import { Upload } from "lucide-react";
import { useState, type ReactNode } from "react";
import type { TwilioAccount } from "@shared/schemas/accounts";
import { T } from "@shared/strings";
import { ImagePicker } from "@web/components/image-picker";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@web/components/ui/dialog";
import { serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { PhotoStepError, useUploadAccountPhoto } from "../api/set-account-photo";

export function AccountPhotoDialog({ account, children }: { account: TwilioAccount; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadAccountPhoto();

  const onOpenChange = (next: boolean) => {
    if (upload.isPending) return;
    setOpen(next);
    if (!next) setFile(null);
  };

  const submit = () => {
    if (!file) return;
    upload.mutate(
      { id: account.id, file },
      {
        onSuccess: () => {
          toast({ title: T.photoUpdated, variant: "success" });
          setOpen(false);
          setFile(null);
        },
        onError: (err) => {
          const step = err instanceof PhotoStepError ? err.step : "upload";
          const cause = err instanceof PhotoStepError ? err.original : err;
          toast({
            title: step === "upload" ? T.photoUploadError : T.photoUpdateError,
            description: serverMessage(cause, T.photoUploadFailed),
            variant: "destructive",
          });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{T.accountPhotoTitle}</DialogTitle>
          <DialogDescription>{account.name}</DialogDescription>
        </DialogHeader>
        <ImagePicker
          currentSrc={account.profilePhoto}
          fallback={account.name.slice(0, 2).toUpperCase()}
          file={file}
          onFileChange={setFile}
          tooLargeText={T.accountPhotoTooLarge}
          disabled={upload.isPending}
        />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={upload.isPending}>
            {T.cancel}
          </Button>
          <Button onClick={submit} disabled={!file || upload.isPending}>
            <Upload aria-hidden />
            {upload.isPending ? T.uploadingPhoto : T.uploadPhoto}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
