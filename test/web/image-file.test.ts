import { describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES } from "@shared/constants";
import { ACCOUNT_TEXTS } from "@shared/texts/accounts";
import { checkImageFile } from "@web/lib/image-file";

describe("checkImageFile", () => {
  it("accepts images up to 5 MB", () => {
    expect(PHOTO_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(checkImageFile({ type: "image/png", size: PHOTO_MAX_BYTES })).toBeNull();
    expect(checkImageFile({ type: "image/jpeg", size: 1 })).toBeNull();
  });

  it("refuses other formats", () => {
    expect(checkImageFile({ type: "application/pdf", size: 10 })).toEqual({
      title: "Formato non valido",
      description: "Seleziona un'immagine (JPG, PNG, GIF).",
    });
    expect(checkImageFile({ type: "image/svg+xml", size: 10 })?.title).toBe("Formato non valido");
  });

  it("refuses files over 5 MB with the caller's wording", () => {
    expect(checkImageFile({ type: "image/gif", size: PHOTO_MAX_BYTES + 1 })).toEqual({
      title: "File troppo grande",
      description: "La dimensione massima è 5MB.",
    });
    expect(checkImageFile({ type: "image/gif", size: PHOTO_MAX_BYTES + 1 }, ACCOUNT_TEXTS.accountPhotoTooLarge)?.description).toBe(
      "La foto deve essere massimo 5MB",
    );
  });
});
