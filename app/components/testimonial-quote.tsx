import type { PublicTestimonial } from "#core/projects.ts";
import { directionOf } from "#core/preferences.ts";
import { ResponsiveImage } from "./responsive-image.tsx";

/**
 * One client's words (docs/product.md §29): the quote in the language it was written in (Arabic right to left,
 * English left to right on either page, whatever letters it begins with), the client's photo (their name beside it says who it is), the name, role
 * and company.
 */
export function TestimonialQuote({ testimonial }: { testimonial: PublicTestimonial }) {
  const byline = [testimonial.role, testimonial.company].filter(Boolean).join(" · ");
  return (
    <figure className="flex h-full flex-col gap-4 rounded-xl border border-border bg-card p-6 shadow-sm">
      <blockquote
        lang={testimonial.quote.lang}
        dir={directionOf(testimonial.quote.lang)}
        className="flex-1 whitespace-pre-line text-lg"
      >
        {testimonial.quote.text}
      </blockquote>
      <figcaption className="flex items-center gap-3">
        {testimonial.photo_url ? (
          <ResponsiveImage
            src={testimonial.photo_url}
            info={testimonial.photo_info}
            sizes="48px"
            alt=""
            width={48}
            height={48}
            className="size-12 shrink-0 rounded-full bg-muted object-cover"
          />
        ) : null}
        <span className="flex flex-col">
          <span dir="auto" className="font-semibold">
            {testimonial.name}
          </span>
          {byline ? (
            <span dir="auto" className="text-sm text-muted-foreground">
              {byline}
            </span>
          ) : null}
        </span>
      </figcaption>
    </figure>
  );
}
