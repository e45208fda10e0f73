import type { CSSProperties, ImgHTMLAttributes } from "react";
import { variantSrcSet, type ImageInfo } from "#core/images.ts";

// Every picture of the public pages (docs/product.md §13, decision 010): an upload with variants is a
// <picture> offering AVIF, then WebP, at every stored width for the browser to pick by `sizes`, over a blurred
// placeholder while it loads; a drawn image offers its phone-sized copy; the stored file is always the fallback.

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes" | "loading"> & {
  src: string;
  alt: string;
  /** How wide the image is drawn at each viewport (the `sizes` attribute). */
  sizes: string;
  /** The upload's variants (from the page's loader), when it has them. */
  info?: ImageInfo | null;
  /** A drawn image's smaller copy and both widths. */
  small?: { url: string; width: number; fullWidth: number } | null;
  /** Above the fold: fetched first and at once. Otherwise fetched when it nears the screen. */
  priority?: boolean;
};

export function ResponsiveImage({ src, alt, sizes, info, small, priority = false, style, ...rest }: Props) {
  const loading = {
    loading: priority ? "eager" : "lazy",
    fetchPriority: priority ? "high" : undefined,
    decoding: priority ? undefined : "async",
  } as const;
  if (info && info.widths.length > 0) {
    const placeholder: CSSProperties = info.placeholder
      ? {
          backgroundImage: `url("${info.placeholder}")`,
          backgroundSize: "cover",
          backgroundPosition: "center",
        }
      : {};
    return (
      <picture className="contents">
        <source type="image/avif" srcSet={variantSrcSet(src, info.widths, "avif")} sizes={sizes} />
        <source type="image/webp" srcSet={variantSrcSet(src, info.widths, "webp")} sizes={sizes} />
        <img
          src={src}
          alt={alt}
          width={info.width}
          height={info.height}
          style={{ ...placeholder, ...style }}
          {...loading}
          {...rest}
        />
      </picture>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      srcSet={small ? `${small.url} ${small.width}w, ${src} ${small.fullWidth}w` : undefined}
      sizes={small ? sizes : undefined}
      style={style}
      {...loading}
      {...rest}
    />
  );
}

/** The cover across the top of an article or a case study, its largest paint. */
export function CoverImage({ src, info, alt }: { src: string; info: ImageInfo | null; alt: string }) {
  return (
    <ResponsiveImage
      src={src}
      info={info}
      sizes="100vw"
      alt={alt}
      width={1600}
      height={700}
      priority
      className="aspect-[16/7] max-h-[28rem] w-full bg-muted object-cover"
    />
  );
}
