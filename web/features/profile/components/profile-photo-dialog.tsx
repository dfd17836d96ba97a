import type { ReactNode } from "react";
import type { CurrentUser } from "@shared/schemas/auth";
import { PROFILE_TEXTS } from "@shared/texts/profile";
import { T } from "@shared/strings";
import { PhotoDialog } from "@web/components/photo-dialog";
import { initials } from "@web/lib/greeting";
import { toast } from "@web/lib/toast-store";
import { useUploadProfilePhoto } from "../api/upload-profile-photo";

export function ProfilePhotoDialog({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const upload = useUploadProfilePhoto();
  return (
    <PhotoDialog
      title={T.profilePhotoTitle}
      description={user.email}
      picture={{ currentSrc: user.profileImageUrl, fallback: initials(user) }}
      pending={upload.isPending}
      upload={(file, done) =>
        upload.mutate(file, {
          onSuccess: () => {
            toast({ title: PROFILE_TEXTS.profilePhotoUpdatedTitle, description: PROFILE_TEXTS.profilePhotoUpdated, variant: "success" });
            done();
          },
        })
      }
    >
      {children}
    </PhotoDialog>
  );
}
