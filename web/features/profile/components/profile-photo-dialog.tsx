import { Upload } from "lucide-react";
import { useState, type ReactNode } from "react";
import type { CurrentUser } from "@shared/schemas/auth";
import { T } from "@shared/strings";
import { ImagePicker } from "@web/components/image-picker";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@web/components/ui/dialog";
import { initials } from "@web/lib/greeting";
import { serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useUploadProfilePhoto } from "../api/upload-profile-photo";

export function ProfilePhotoDialog({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadProfilePhoto();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setFile(null);
  };

  const submit = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        toast({ title: T.profilePhotoUpdatedTitle, description: T.profilePhotoUpdated, variant: "success" });
        onOpenChange(false);
      },
      onError: (err) =>
        toast({ title: T.photoUploadFailedTitle, description: serverMessage(err, T.photoUploadFailed), variant: "destructive" }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{T.profilePhotoTitle}</DialogTitle>
          <DialogDescription>{user.email}</DialogDescription>
        </DialogHeader>
        <ImagePicker currentSrc={user.profileImageUrl} fallback={initials(user)} file={file} onFileChange={setFile} disabled={upload.isPending} />
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
