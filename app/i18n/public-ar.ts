// The Arabic texts of the public pages: every section but the admin page's (app/i18n/public-dictionary.ts).
// Named imports, so the build keeps only these sections of ar.json in this module.
import {
  about,
  articles,
  caseStudy,
  common,
  contact,
  cv,
  errorPage,
  errors,
  footer,
  home,
  meta,
  nav,
  notFound,
  projects,
  search,
  searchMore,
  services,
  testimonials,
} from "./ar.json";
import type { PublicDictionary } from "./public-dictionary.ts";

export default {
  about,
  articles,
  caseStudy,
  common,
  contact,
  cv,
  errorPage,
  errors,
  footer,
  home,
  meta,
  nav,
  notFound,
  projects,
  search,
  searchMore,
  services,
  testimonials,
} satisfies PublicDictionary;
