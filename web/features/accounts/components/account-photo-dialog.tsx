import type { ReactNode } from "react";
import type { TwilioAccount } from "@shared/schemas/accounts";
import { ACCOUNT_TEXTS } from "@shared/texts/accounts";
import { T } from "@shared/strings";
import { PhotoDialog } from "@web/components/photo-dialog";
import { serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { PhotoStepError, useUploadAccountPhoto } from "../api/set-account-photo";

export function AccountPhotoDialog({ account, children }: { account: TwilioAccount; children: ReactNode }) {
  const upload = useUploadAccountPhoto();
  return (
    <PhotoDialog
      title={ACCOUNT_TEXTS.accountPhotoTitle}
      description={account.name}
      picture={{ currentSrc: account.profilePhoto, fallback: account.name.slice(0, 2).toUpperCase(), tooLargeText: ACCOUNT_TEXTS.accountPhotoTooLarge }}
      pending={upload.isPending}
      upload={(file, done) =>
        upload.mutate(
          { id: account.id, file },
          {
            onSuccess: () => {
              toast({ title: ACCOUNT_TEXTS.photoUpdated, variant: "success" });
              done();
            },
            onError: (err) => {
              // The file goes up first, then the account points at it: the title says which step failed.
              const step = err instanceof PhotoStepError ? err.step : "upload";
              const cause = err instanceof PhotoStepError ? err.original : err;
              toast({
                title: step === "upload" ? ACCOUNT_TEXTS.photoUploadError : ACCOUNT_TEXTS.photoUpdateError,
                description: serverMessage(cause, T.photoUploadFailed),
                variant: "destructive",
              });
            },
          },
        )
      }
    >
      {children}
    </PhotoDialog>
  );
}
