import type { PublicTestimonial } from "#core/projects.ts";
import { TestimonialQuote } from "#app/components/testimonial-quote.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { SectionHeading } from "./section-heading.tsx";

/** The testimonials the owner chose for the home page, in their order (docs/product.md §29.1); none, no section. */
export default function TestimonialsSection({ testimonials }: { testimonials: PublicTestimonial[] }) {
  const { t } = useI18n();
  if (testimonials.length === 0) return null;
  return (
    <section aria-labelledby="testimonials-title" className="py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="testimonials-title" title={t("testimonials.heading")} />
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {testimonials.map((testimonial) => (
            <li key={testimonial.id}>
              <TestimonialQuote testimonial={testimonial} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
