import { Upload } from "lucide-react";
import { useState, type ReactNode } from "react";
import { T } from "@shared/strings";
import { ImagePicker } from "./image-picker";
import { Button } from "./ui/button";
import { FormDialog } from "./form-dialog";
import { DialogFooter } from "./ui/dialog";

// A dialog opened by `children` that picks one image, previews it and uploads it. `upload` calls `done`
// once the photo is saved, which closes the dialog; it cannot be closed while uploading.
export function PhotoDialog({
  title,
  description,
  picture,
  pending,
  upload,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  /** The photo shown until one is picked, the initials without one, and the too-large message. */
  picture: { currentSrc: string | null | undefined; fallback: string; tooLargeText?: string };
  pending: boolean;
  upload: (file: File, done: () => void) => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);

  const done = () => {
    setOpen(false);
    setFile(null);
  };

  return (
    <FormDialog open={open} pending={pending} onOpen={() => setOpen(true)} onClose={done} trigger={children} title={title} description={description}>
      <ImagePicker {...picture} file={file} onFileChange={setFile} disabled={pending} />
      <DialogFooter>
        <Button variant="outline" onClick={done} disabled={pending}>
          {T.cancel}
        </Button>
        <Button onClick={() => file && upload(file, done)} disabled={!file || pending}>
          <Upload aria-hidden />
          {pending ? T.uploadingPhoto : T.uploadPhoto}
        </Button>
      </DialogFooter>
    </FormDialog>
  );
}
