import { Upload } from "lucide-react";
import { useState, type ReactNode } from "react";
import { T } from "@shared/strings";
import { ImagePicker } from "./image-picker";
import { Button } from "./ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "./ui/dialog";

// A dialog opened by `children` that picks one image, previews it and uploads it. `upload` calls `done`
// once the photo is saved, which closes the dialog; it cannot be closed while uploading.
export function PhotoDialog({
  title,
  description,
  currentSrc,
  fallback,
  tooLargeText,
  pending,
  upload,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  currentSrc: string | null | undefined;
  fallback: string;
  tooLargeText?: string;
  pending: boolean;
  upload: (file: File, done: () => void) => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);

  const onOpenChange = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    if (!next) setFile(null);
  };

  const done = () => {
    setOpen(false);
    setFile(null);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <ImagePicker currentSrc={currentSrc} fallback={fallback} file={file} onFileChange={setFile} tooLargeText={tooLargeText} disabled={pending} />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {T.cancel}
          </Button>
          <Button onClick={() => file && upload(file, done)} disabled={!file || pending}>
            <Upload aria-hidden />
            {pending ? T.uploadingPhoto : T.uploadPhoto}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
