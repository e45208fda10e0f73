import { Download } from "lucide-react";
import { AddressText } from "#app/components/address-text.tsx";
import type { ReactNode } from "react";
import { formatShortDate } from "#core/dates.ts";
import { formatNumber } from "#core/intl.ts";
import { readableAddress } from "#core/readable-address.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { textAttributes, useI18n } from "#app/lib/i18n.ts";
import type { VisitsData } from "./visits-data.ts";
import { TimeChart, RankedChart, type ChartRow } from "./visit-charts.tsx";
import { VisitRange } from "./visit-range.tsx";

// The Visits view (docs/product.md §27.5): visits per day (per week in a range longer than 90 days, decision 045)
// and what they were made of, and the pages that led to messages. Each chart is drawn from the table under it,
// which is what assistive technology reads.

type KeyCount = { key: string; count: number };

export function VisitsView({ report, days }: VisitsData) {
  const { t, locale } = useI18n();
  const format = (value: number) => formatNumber(value, locale);
  const label = (prefix: string) => (row: KeyCount) => ({
    label: t(`${prefix}.${row.key}` as TranslationKey),
    count: row.count,
  });
  // Addresses (and host names) as a person reads them: Arabic letters, not their percent-encoding.
  const plain = (row: KeyCount) => ({ label: readableAddress(row.key), count: row.count });
  // A day of the site's time zone (YYYY-MM-DD) written in the owner's language; a week by its first day.
  const periods = report.periods.map((row) => ({
    label: formatShortDate(`${row.day}T12:00:00Z`, locale, "UTC"),
    count: row.views,
  }));
  const weekly = report.per === "week";
  const { leads } = report;

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-wrap items-end gap-4">
        <div className="me-auto flex flex-col gap-1">
          <h2 className="text-xl font-bold">{t("admin.visits.title")}</h2>
          <p className="text-sm text-muted-foreground">{t("admin.visits.text")}</p>
        </div>
        <a
          href={`/api/visits/export?from=${report.from}&to=${report.to}`}
          download
          className="inline-flex items-center gap-2 rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted"
        >
          <Download aria-hidden="true" className="size-4" />
          {t("admin.visits.download")}
        </a>
      </header>
      <VisitRange days={days} from={report.from} to={report.to} />

      <Figures
        title={t(weekly ? "admin.visits.weekly" : "admin.visits.daily")}
        note={t("admin.visits.total", { count: report.total })}
      >
        <TimeChart rows={periods} format={format} />
        <details>
          <summary className="cursor-pointer text-sm font-medium">{t("admin.visits.figures")}</summary>
          <FigureTable
            rows={periods}
            head={[
              t(weekly ? "admin.visits.columns.week" : "admin.visits.columns.day"),
              t("admin.visits.columns.views"),
            ]}
          />
        </details>
      </Figures>

      <Ranked
        title={t("admin.visits.pages")}
        rows={report.pages.map(plain)}
        head={[t("admin.visits.columns.page"), t("admin.visits.columns.views")]}
        addresses
        empty={t("admin.visits.empty")}
      />
      <div className="grid gap-8 md:grid-cols-2">
        <Ranked
          title={t("admin.visits.languages")}
          rows={report.languages.map(label("admin.visits.language"))}
          head={[t("admin.visits.columns.language"), t("admin.visits.columns.views")]}
          empty={t("admin.visits.empty")}
        />
        <Ranked
          title={t("admin.visits.devices")}
          rows={report.devices.map(label("admin.visits.device"))}
          head={[t("admin.visits.columns.device"), t("admin.visits.columns.views")]}
          empty={t("admin.visits.empty")}
        />
        <Ranked
          title={t("admin.visits.sources")}
          rows={report.sources.map(label("admin.visits.source"))}
          head={[t("admin.visits.columns.source"), t("admin.visits.columns.arrivals")]}
          empty={t("admin.visits.empty")}
        />
        <Ranked
          title={t("admin.visits.referrers")}
          rows={report.referrers.map(plain)}
          head={[t("admin.visits.columns.site"), t("admin.visits.columns.arrivals")]}
          addresses
          empty={t("admin.visits.empty")}
        />
      </div>

      <Searches searches={report.searches} />

      <section className="flex flex-col gap-6">
        <header className="flex flex-col gap-1">
          <h3 className="text-lg font-bold">{t("admin.visits.leads")}</h3>
          <p className="text-sm text-muted-foreground">
            {t("admin.visits.leadsTotal", { count: leads.total })}
          </p>
        </header>
        <div className="grid gap-8 md:grid-cols-2">
          <Ranked
            title={t("admin.visits.leadEntries")}
            rows={leads.entries.map(plain)}
            head={[t("admin.visits.columns.page"), t("admin.visits.columns.messages")]}
            addresses
            empty={t("admin.visits.noLeads")}
          />
          <Ranked
            title={t("admin.visits.leadLastPages")}
            rows={leads.lastPages.map(plain)}
            head={[t("admin.visits.columns.page"), t("admin.visits.columns.messages")]}
            addresses
            empty={t("admin.visits.noLeads")}
          />
          <Ranked
            title={t("admin.visits.leadLanguages")}
            rows={leads.languages.map(label("admin.visits.language"))}
            head={[t("admin.visits.columns.language"), t("admin.visits.columns.messages")]}
            empty={t("admin.visits.noLeads")}
          />
        </div>
      </section>
    </div>
  );
}

/** The site's searches: how many a day in each language, and what visitors looked for and did not find. */
function Searches({ searches }: { searches: VisitsData["report"]["searches"] }) {
  const { t, language, locale } = useI18n();
  const format = (value: number) => formatNumber(value, locale);
  const head = "py-1.5 font-medium";
  return (
    <section className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h3 className="text-lg font-bold">{t("searchMore.visitsTitle")}</h3>
        <p className="text-sm text-muted-foreground">
          {t("searchMore.visitsTotal", { count: searches.total })}
        </p>
      </header>
      <div className="grid gap-8 md:grid-cols-2">
        <Figures title={t("searchMore.perDay")}>
          {searches.days.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("searchMore.noSearches")}</p>
          ) : (
            <div className="max-h-80 overflow-auto">
              <table className="w-full text-sm">
                <thead>
                  <tr className="border-b border-border text-muted-foreground">
                    <th scope="col" className={`${head} text-start`}>
                      {t("admin.visits.columns.day")}
                    </th>
                    <th scope="col" className={`${head} text-end`}>
                      {t("admin.visits.language.en")}
                    </th>
                    <th scope="col" className={`${head} text-end`}>
                      {t("admin.visits.language.ar")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {searches.days.map((row) => (
                    <tr key={row.day} className="border-b border-border/60 last:border-0">
                      <th scope="row" className="py-1.5 text-start font-normal">
                        {formatShortDate(`${row.day}T12:00:00Z`, locale, "UTC")}
                      </th>
                      <td className="py-1.5 text-end tabular-nums">{format(row.en)}</td>
                      <td className="py-1.5 text-end tabular-nums">{format(row.ar)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Figures>
        <Figures title={t("searchMore.nothingFound")} note={t("searchMore.nothingFoundNote")}>
          {searches.nothingFound.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("searchMore.noneMissed")}</p>
          ) : (
            <ol className="flex max-h-80 flex-col overflow-auto text-sm">
              {searches.nothingFound.map((row) => (
                <li
                  key={`${row.language}:${row.query}`}
                  className="flex gap-3 border-b border-border/60 py-1.5 last:border-0"
                >
                  {/* The query in the language of the page it was typed on; its own words may be either. */}
                  <bdi dir="auto" className="min-w-0 flex-1 truncate">
                    {row.query}
                  </bdi>
                  <span {...textAttributes(language)} className="shrink-0 text-muted-foreground">
                    {t(`admin.visits.language.${row.language}`)}
                  </span>
                  <span className="shrink-0 tabular-nums">{t("searchMore.times", { count: row.count })}</span>
                </li>
              ))}
            </ol>
          )}
        </Figures>
      </div>
    </section>
  );
}

function Figures({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <section className="flex min-w-0 flex-col gap-3 rounded-xl border border-border p-4">
      <header className="flex flex-wrap items-baseline gap-x-3">
        <h3 className="font-semibold">{title}</h3>
        {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
      </header>
      {children}
    </section>
  );
}

/** A ranked list: its bars (the first ten) and its table (all of it). */
function Ranked(props: {
  title: string;
  rows: ChartRow[];
  head: [string, string];
  addresses?: boolean;
  empty: string;
}) {
  const { t, locale } = useI18n();
  const format = (value: number) => formatNumber(value, locale);
  return (
    <Figures title={props.title}>
      {props.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{props.empty}</p>
      ) : (
        <>
          <RankedChart rows={props.rows.slice(0, 10)} format={format} addresses={props.addresses} />
          <FigureTable rows={props.rows} head={props.head} addresses={props.addresses} />
          {props.rows.length > 10 ? (
            <p className="text-xs text-muted-foreground">{t("admin.visits.chartTop")}</p>
          ) : null}
        </>
      )}
    </Figures>
  );
}

function FigureTable({
  rows,
  head,
  addresses = false,
}: {
  rows: ChartRow[];
  head: [string, string];
  addresses?: boolean;
}) {
  const { locale } = useI18n();
  return (
    <div className="max-h-80 overflow-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-border text-muted-foreground">
            <th scope="col" className="py-1.5 text-start font-medium">
              {head[0]}
            </th>
            <th scope="col" className="py-1.5 text-end font-medium">
              {head[1]}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-b border-border/60 last:border-0">
              <th scope="row" className="max-w-0 truncate py-1.5 text-start font-normal">
                {addresses ? <AddressText address={row.label} /> : row.label}
              </th>
              <td className="py-1.5 text-end tabular-nums">{formatNumber(row.count, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
