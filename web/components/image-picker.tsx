import { ImagePlus } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { T } from "@shared/strings";
import { checkImageFile, IMAGE_ACCEPT, type FileProblem } from "../lib/image-file";
import { toast } from "../lib/toast-store";
import { Avatar } from "./ui/avatar";
import { Button } from "./ui/button";

// Picks one image, checks it like the server does, and previews it before any upload.
export function ImagePicker({
  currentSrc,
  fallback,
  file,
  onFileChange,
  tooLargeText,
  disabled,
}: {
  currentSrc?: string | null;
  fallback: string;
  file: File | null;
  onFileChange: (file: File | null) => void;
  tooLargeText?: string;
  disabled?: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const reject = (problem: FileProblem) => {
    toast({ title: problem.title, description: problem.description, variant: "destructive" });
    if (inputRef.current) inputRef.current.value = "";
  };

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row">
      <Avatar src={preview ?? currentSrc} fallback={fallback} size="xl" alt={T.profilePhotoTitle} />
      <div className="grid gap-2 text-center sm:text-left">
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={IMAGE_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label={T.choosePhoto}
          disabled={disabled}
          data-testid="image-input"
          onChange={(event) => {
            const picked = event.target.files?.[0] ?? null;
            if (!picked) return;
            const problem = checkImageFile(picked, tooLargeText);
            if (problem) reject(problem);
            else onFileChange(picked);
          }}
        />
        <Button variant="outline" disabled={disabled} onClick={() => inputRef.current?.click()}>
          <ImagePlus aria-hidden />
          {T.choosePhoto}
        </Button>
        <p className="text-xs text-muted-foreground">{file ? file.name : T.profilePhotoHint}</p>
      </div>
    </div>
  );
}
