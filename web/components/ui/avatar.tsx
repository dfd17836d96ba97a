import { cva, type VariantProps } from "class-variance-authority";
import { useState } from "react";
import { cn } from "@web/lib/cn";

const avatarVariants = cva(
  "relative inline-flex shrink-0 items-center justify-center overflow-hidden bg-primary/15 font-semibold text-foreground",
  {
    variants: {
      size: {
        sm: "size-9 text-xs",
        md: "size-10 text-sm",
        lg: "size-12 text-base",
        xl: "size-24 text-2xl",
      },
      shape: { circle: "rounded-full", square: "rounded-lg" },
    },
    defaultVariants: { size: "md", shape: "circle" },
  },
);

// A photo, or the initials when there is none or it fails to load.
export function Avatar({
  src,
  fallback,
  alt = "",
  size,
  shape,
  className,
}: {
  src?: string | null;
  fallback: string;
  alt?: string;
  className?: string;
} & VariantProps<typeof avatarVariants>) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = !!src && failed !== src;
  return (
    <span className={cn(avatarVariants({ size, shape }), className)}>
      {showImage ? (
        <img src={src} alt={alt} className="size-full object-cover" onError={() => setFailed(src)} />
      ) : (
        <span aria-hidden={alt ? undefined : true}>{fallback}</span>
      )}
    </span>
  );
}
