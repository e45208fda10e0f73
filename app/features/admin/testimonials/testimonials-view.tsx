import { ArrowDown, ArrowUp, Check, Home, Pencil, Plus, Trash2, type LucideIcon } from "lucide-react";
import { ListFilter } from "#app/features/admin/lists/list-filter.tsx";
import type { ButtonHTMLAttributes } from "react";
import { Link, Outlet } from "react-router";
import { directionOf } from "#core/preferences.ts";
import type { Project, Testimonial } from "#db/records.ts";
import type { TestimonialLinkItem } from "#server/features/testimonials/service.ts";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { useMutation } from "#app/features/admin/api/mutation.ts";
import { LinkForm, LinkList } from "./testimonial-links.tsx";

// The Testimonials view (docs/product.md §29): each client's words with approval, the home page choice, the order,
// edit and delete; the owner's own record of a client's words (a dialog at …/testimonials/new and …/:id, in the
// Outlet); and one-time links to send clients (testimonial-links.tsx).

const iconButton =
  "rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-foreground disabled:opacity-30 aria-pressed:bg-accent aria-pressed:text-primary";

/** One action of a testimonial's row: an icon button named for what it does to whom. */
function RowAction({
  icon: Icon,
  label,
  ...props
}: { icon: LucideIcon; label: string } & Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  "type" | "className"
>) {
  return (
    <button type="button" className={iconButton} aria-label={label} {...props}>
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}

export function TestimonialsView({
  testimonials,
  projects,
  links,
  q = "",
}: {
  testimonials: Testimonial[];
  projects: Project[];
  links: TestimonialLinkItem[];
  /** The words the list is narrowed to (`?q=`). */
  q?: string;
}) {
  const { t } = useI18n();
  const write = useMutation<{ intent: string }>({
    onSuccess: ({ intent }) =>
      toast({ title: t(intent === "delete" ? "admin.testimonials.deleted" : "admin.testimonials.saved") }),
  });
  const save = (testimonial: Testimonial) => void write.submit({ intent: "save", testimonial });
  const move = (id: string, direction: "up" | "down") => void write.submit({ intent: "move", id, direction });
  return (
    <>
      <LinkForm projects={projects} />
      <LinkList links={links} />
      <section aria-labelledby="testimonials-list" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="testimonials-list" tabIndex={-1} className="me-auto text-lg font-semibold outline-none">
            {t("admin.testimonials.listTitle")}
          </h2>
          <Link
            to="new"
            preventScrollReset
            className="inline-flex items-center gap-1.5 rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground hover:opacity-90"
          >
            <Plus aria-hidden="true" className="size-4" />
            {t("admin.testimonials.addTitle")}
          </Link>
        </div>
        <ListFilter id="testimonials-filter" q={q} />
        {testimonials.length === 0 ? (
          <p className="text-muted-foreground">
            {q ? t("searchMore.listFilterEmpty", { q }) : t("admin.testimonials.empty")}
          </p>
        ) : null}
        <ul className="flex flex-col gap-3">
          {testimonials.map((item, index) => {
            const name = { name: item.name };
            return (
              <li
                key={item.id}
                className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 sm:flex-row"
              >
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span dir="auto" className="font-semibold">
                      {item.name}
                    </span>
                    {item.approved ? null : (
                      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-100">
                        {t("admin.testimonials.pending")}
                      </span>
                    )}
                  </p>
                  {(["en", "ar"] as const)
                    .filter((quoted) => item[`quote_${quoted}`])
                    .map((quoted) => (
                      <p
                        key={quoted}
                        lang={quoted}
                        dir={directionOf(quoted)}
                        className="whitespace-pre-line text-muted-foreground"
                      >
                        {item[`quote_${quoted}`]}
                      </p>
                    ))}
                </div>
                <div className="flex shrink-0 flex-wrap items-start gap-1">
                  {item.approved ? null : (
                    <RowAction
                      icon={Check}
                      label={t("admin.testimonials.approve", name)}
                      onClick={() => save({ ...item, approved: true })}
                    />
                  )}
                  <RowAction
                    icon={Home}
                    label={t("admin.testimonials.showOnHome", name)}
                    aria-pressed={item.show_on_home}
                    onClick={() => save({ ...item, show_on_home: !item.show_on_home })}
                  />
                  <RowAction
                    icon={ArrowUp}
                    label={t("admin.testimonials.moveUp", name)}
                    disabled={index === 0}
                    onClick={() => move(item.id, "up")}
                  />
                  <RowAction
                    icon={ArrowDown}
                    label={t("admin.testimonials.moveDown", name)}
                    disabled={index === testimonials.length - 1}
                    onClick={() => move(item.id, "down")}
                  />
                  <Link
                    to={item.id}
                    preventScrollReset
                    className={`inline-flex ${iconButton}`}
                    aria-label={t("admin.testimonials.editItem", name)}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                  </Link>
                  <RowAction
                    icon={Trash2}
                    label={t("admin.testimonials.delete", name)}
                    onClick={() => void write.submit({ intent: "delete", id: item.id })}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      <Outlet context={{ projects }} />
    </>
  );
}
