import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from "react";
import { ResponsiveImage } from "#app/components/responsive-image.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import type { ImageInfo } from "#core/images.ts";
import { formatNumber } from "#core/intl.ts";

// A case study's gallery (docs/product.md §28.4): thumbnails that open the image large in a native modal <dialog>
// (decision 048): the browser makes the rest of the page inert, keeps the focus inside, closes on Escape and puts
// the dialog above everything. "Next" follows the reading direction: in Arabic it points left, and ArrowLeft (or a
// swipe to the right) goes to the next image. Without JavaScript each thumbnail is a link to the full image.

interface GalleryImage {
  url: string;
  alt: string;
  image_info: ImageInfo | null;
}

/** How far a finger must travel sideways for a swipe, in CSS pixels. */
const SWIPE = 40;

export function CaseStudyGallery({ images, title }: { images: GalleryImage[]; title: string }) {
  const { t, language, locale } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const swipeStart = useRef<number | null>(null);
  const [current, setCurrent] = useState(0);
  // The large image is in the page only while the dialog is open: a closed dialog's eager image would still be
  // fetched with the page, at high priority, beside the case study's own image (its largest paint).
  const [shown, setShown] = useState(false);
  const rtl = language === "ar";
  const count = images.length;
  // Numbers in the page's digits (Arabic-Indic in Arabic), as every count the site shows.
  const numbers = (index: number) => ({
    number: formatNumber(index + 1, locale),
    count: formatNumber(count, locale),
  });
  const go = (step: 1 | -1) => setCurrent((index) => (index + step + count) % count);

  const open = (index: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    opener.current = event.currentTarget;
    setCurrent(index);
    setShown(true);
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    go((event.key === "ArrowRight") !== rtl ? 1 : -1);
  };
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.pointerType === "mouse" ? null : event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return;
    const moved = event.clientX - swipeStart.current;
    swipeStart.current = null;
    // A swipe towards the start of the line brings the next image in: leftwards in English, rightwards in Arabic.
    if (Math.abs(moved) >= SWIPE) go(moved < 0 !== rtl ? 1 : -1);
  };
  const image = images[current]!;
  const Previous = rtl ? ChevronRight : ChevronLeft;
  const Next = rtl ? ChevronLeft : ChevronRight;
  const arrow =
    "absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80";

  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {images.map((item, index) => (
          <li key={item.url}>
            <a
              href={item.url}
              onClick={open(index)}
              aria-label={t("caseStudy.openImage", { ...numbers(index), alt: item.alt })}
              className="block overflow-hidden rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              <ResponsiveImage
                src={item.url}
                info={item.image_info}
                sizes="(min-width: 640px) 240px, 50vw"
                alt=""
                width={item.image_info?.width ?? 1200}
                height={item.image_info?.height ?? 750}
                className="aspect-[8/5] w-full bg-muted object-cover transition-transform hover:scale-105"
              />
            </a>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        aria-label={title}
        onKeyDown={onKeyDown}
        onClose={() => {
          setShown(false);
          opener.current?.focus();
        }}
        className="m-auto h-full max-h-none w-full max-w-none bg-black/90 p-0 backdrop:bg-black/60"
      >
        <div
          className="relative flex h-full w-full touch-pan-y flex-col items-center justify-center gap-3 p-4"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
        >
          {shown ? (
            <figure className="flex max-h-full min-h-0 flex-col items-center gap-3">
              <ResponsiveImage
                key={image.url}
                src={image.url}
                info={image.image_info}
                sizes="100vw"
                alt={image.alt}
                width={image.image_info?.width ?? 1200}
                height={image.image_info?.height ?? 750}
                priority
                className="max-h-[80vh] w-auto max-w-full object-contain"
              />
              <figcaption className="text-center text-white">
                <span className="block text-sm text-white/80">
                  {t("caseStudy.imageOf", numbers(current))}
                </span>
                {image.alt}
              </figcaption>
            </figure>
          ) : null}
          {count > 1 ? (
            <>
              <button
                type="button"
                onClick={() => go(-1)}
                aria-label={t("caseStudy.previous")}
                className={`${arrow} start-3`}
              >
                <Previous aria-hidden="true" className="size-6" />
              </button>
              <button
                type="button"
                onClick={() => go(1)}
                aria-label={t("caseStudy.next")}
                className={`${arrow} end-3`}
              >
                <Next aria-hidden="true" className="size-6" />
              </button>
            </>
          ) : null}
          <button
            type="button"
            onClick={close}
            aria-label={t("caseStudy.close")}
            className="absolute end-3 top-3 flex size-11 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80"
          >
            <X aria-hidden="true" className="size-6" />
          </button>
        </div>
      </dialog>
    </>
  );
}
