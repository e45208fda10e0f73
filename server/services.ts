import path from "node:path";
import { createContext } from "react-router";
import { siteConfig } from "#config/site.ts";
import type { DbHandle } from "#db/client.ts";
import type { ServerEnv } from "./kernel/env.ts";
import type { Logger } from "./kernel/logger.ts";
import { createRateLimits } from "./kernel/rate-limits.ts";
import { createDiskImageStore } from "./kernel/storage/disk-store.ts";
import type { ImageStore } from "./kernel/storage/image-store.ts";
import { ownerAlertsFromEnv, type OwnerAlerts } from "./features/alerts/owner-alerts.ts";
import { createArticles } from "./features/articles/service.ts";
import { createCv } from "./features/cv/service.ts";
import { createAuditLog } from "./features/audit/service.ts";
import { createOwnerAuth } from "./features/auth/owner-auth.ts";
import { createBackups } from "./features/backup/archive.ts";
import { restoreGates } from "./restore-gates.ts";
import { createFormStamps } from "./features/contact/form-stamp.ts";
import { notifierFromEnv, type Notifier } from "./features/contact/notifier.ts";
import { createContact } from "./features/contact/submit.ts";
import { createInboxService } from "./features/inbox/service.ts";
import { createProjects } from "./features/projects/service.ts";
import { createTestimonials } from "./features/testimonials/service.ts";
import { renderArticleHtml, sanitizeHtml } from "./features/articles/sanitize.ts";
import { createImageFetcher, type FetchImage } from "./features/moving/fetch-image.ts";
import { createMoving } from "./features/moving/moving.ts";
import { contentToHtml } from "#core/content-html.ts";
import { canonicalPath, languageOfPath, pathWithoutLanguage, PUBLIC_PAGES } from "#core/localized-paths.ts";
import { isPossibleSlug } from "#core/slugs.ts";
import { createSearch } from "./features/search/service.ts";
import { createSettingsService } from "./features/settings/service.ts";
import { createShareImages } from "./features/share-images/render.ts";
import { createUploads } from "./features/uploads/service.ts";
import { createVisitCounter, type VisitCounter } from "./features/visits/counter.ts";
import { createVisitReports } from "./features/visits/report.ts";

// The one service container (decision 001): every service of the site, built once from one set of dependencies.
// The API's routers take their parts of it (server/app.ts); React Router's loaders get it whole through the load
// context (`servicesContext`) and call a service directly: `getServices(context).articles.listPage(…)`.

export interface ServiceDeps {
  env: ServerEnv;
  database: DbHandle;
  logger: Logger;
  /** Uploaded images; by default on disk under DATA_DIR. */
  images?: ImageStore;
  /** The clock of sessions, rate limits, publication and contact messages; tests move it forward. */
  now?: () => Date;
  /** E-mails the owner about new contact messages; by default from SMTP_URL. Its owner starts and stops it. */
  notifier?: Notifier;
  /** E-mails to the owner about the site's defences; by default from SMTP_URL (docs/product.md §25). */
  alerts?: OwnerAlerts;
  /** Told of every write to what public pages show: rendered pages are forgotten, other instances told. */
  contentChanged?: () => void;
  /** Counts public page views (docs/product.md §27); its owner starts and stops it. One per app by default. */
  visits?: VisitCounter;
  /** Fetches an imported source's images by address; by default never from a private or loopback address. */
  fetchImage?: FetchImage;
}

export function createServices(deps: ServiceDeps) {
  const { env, logger } = deps;
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());
  const contentChanged = deps.contentChanged ?? (() => undefined);
  const images = deps.images ?? createDiskImageStore(env.dataDir);
  const rateLimits = createRateLimits(db, now);
  const uploads = createUploads({ db, images, logger, contentChanged });
  const settings = createSettingsService({
    db,
    config: siteConfig,
    uploads,
    contentChanged,
    // A switch of counting takes effect with the next view, not at the counter's next write.
    saved: (next) => visits.use(next),
  });
  const alerts = deps.alerts ?? ownerAlertsFromEnv(env, { logger, settings: () => settings.read() });
  const notifier =
    deps.notifier ??
    notifierFromEnv(env, {
      db,
      logger,
      now,
      ownerEmail: async () => (await settings.read()).email,
      ownerLanguage: async () => (await settings.read()).emailLanguage,
      arabicRegion: async () => (await settings.read()).arabicRegion,
    });
  const external = Boolean(env.contactFormEndpoint);
  const visits =
    deps.visits ??
    createVisitCounter({
      db,
      logger,
      now,
      settings: () => settings.read(),
      initial: { countVisits: siteConfig.countVisits, timeZone: siteConfig.timeZone },
    });
  const projects = createProjects({
    db,
    uploads,
    contentChanged,
    renderRichText: (content, field) => renderArticleHtml(contentToHtml(content), field),
  });
  const articles = createArticles({ db, now, logger, uploads, contentChanged });
  return {
    /** What pages show of the configuration. */
    site: {
      /** SITE_URL's origin, when it is set; pages then use the request's origin. */
      origin: env.publicOrigin,
      /** Where the owner's admin page lives (ADMIN_PATH). */
      adminPath: env.adminPath,
      /** Whether the sample projects stand in while there are none (SAMPLE_PROJECTS). */
      sampleProjects: env.sampleProjects,
      /** Where the contact page posts: our /f/:formId, or an external endpoint (decision 012). */
      contactForm: { endpoint: env.contactFormEndpoint ?? `/f/${env.contactFormId}`, external },
    },
    now,
    images,
    rateLimits,
    alerts,
    notifier,
    settings,
    uploads,
    auth: createOwnerAuth({ db, logger, rateLimits, now, alerts }),
    audit: createAuditLog({ db, logger, now, trustProxy: env.trustProxy, alerts }),
    projects,
    articles,
    testimonials: createTestimonials({ db, now, rateLimits, uploads, contentChanged }),
    inbox: createInboxService({ db, now }),
    search: createSearch({ db, now, logger, rateLimits }),
    cv: createCv({ db, images, logger, settings: () => settings.read(), contentChanged }),
    contact: createContact({
      db,
      logger,
      rateLimits,
      now,
      formId: env.contactFormId,
      inactive: external,
      notifier,
      alerts,
      stamps: createFormStamps(db),
      isSiteAddress: (path) => isSiteAddress({ articles, projects }, path),
    }),
    visits,
    visitReports: createVisitReports({ db, now, timeZone: async () => (await settings.read()).timeZone }),
    backups: createBackups({
      db,
      images,
      logger,
      gates: restoreGates,
      contentChanged,
      variantsQueued: () => uploads.variants.kick(),
    }),
    moving: createMoving({
      db,
      images,
      uploads,
      sanitizeHtml,
      fetchImage: deps.fetchImage ?? createImageFetcher(),
      logger,
      now,
      contentChanged,
      variantsQueued: () => uploads.variants.kick(),
    }),
    shareImages: createShareImages(path.join(env.dataDir, "share-images")),
  };
}

export type Services = ReturnType<typeof createServices>;

/**
 * Whether `path` is the canonical address of a public page the site answers today: a page every language has, an
 * article's or a project's current address, a tag some public article has (docs/product.md §27: the paths a
 * lead is kept with name real pages, whatever a client sends).
 */
async function isSiteAddress(
  services: { articles: ReturnType<typeof createArticles>; projects: ReturnType<typeof createProjects> },
  path: string,
): Promise<boolean> {
  if (canonicalPath(path) !== path) return false;
  const language = languageOfPath(path);
  const page = pathWithoutLanguage(path);
  if ((PUBLIC_PAGES as readonly string[]).includes(page)) return true;
  const [, kind, slug, more] = page.split("/");
  if (slug === undefined) return false;
  let name: string;
  try {
    name = decodeURIComponent(more === undefined ? slug : more);
  } catch {
    return false;
  }
  if (kind === "articles" && slug === "tag" && more !== undefined && page.split("/").length === 4)
    return (await services.articles.countPublic(name)) > 0;
  if (more !== undefined || !isPossibleSlug(name)) return false;
  const found =
    kind === "articles"
      ? await services.articles.atAddress(language, name)
      : kind === "projects"
        ? await services.projects.atAddress(language, name)
        : null;
  return found !== null && "item" in found;
}

/** The container in React Router's load context: what loaders and actions read pages' data from. */
export const servicesContext = createContext<Services>();
