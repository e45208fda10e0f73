import { describe, expect, it } from "vitest";
import {
  ALL_CATEGORIES,
  filterProjects,
  localizeProject,
  projectCategories,
  sampleProjects,
} from "./projects.ts";

let nextId = 0;
function project(category: string) {
  nextId += 1;
  return { id: `p${nextId}`, category };
}
const withCategories = (...categories: string[]) => categories.map(project);

describe("projectCategories", () => {
  // docs/product.md §3: 'All' plus the distinct non-empty categories.
  it.each([
    [[], ["All"]],
    [["React"], ["All", "React"]],
    [
      ["Vue.js", "React", "Vue.js", "Svelte", "React"],
      ["All", "Vue.js", "React", "Svelte"],
    ],
    [
      ["", "React", "   "],
      ["All", "React"],
    ],
    [
      ["  React ", "React"],
      ["All", "React"],
    ],
    [
      ["react", "React"],
      ["All", "react", "React"],
    ],
    [
      ["ويب", "Web"],
      ["All", "ويب", "Web"],
    ],
    [
      ["All", "React"],
      ["All", "React"],
    ],
  ])("%j gives %j", (categories, expected) => {
    expect(projectCategories(withCategories(...categories))).toEqual(expected);
  });
});

describe("filterProjects", () => {
  const projects = withCategories("React", "Vue.js", " React ", "", "Svelte");

  it("shows every project under All, in the same order", () => {
    expect(filterProjects(projects, ALL_CATEGORIES)).toEqual(projects);
  });

  it("returns a new list, so sorting the result leaves the original alone", () => {
    expect(filterProjects(projects, ALL_CATEGORIES)).not.toBe(projects);
  });

  it.each([
    ["React", [0, 2]],
    ["Vue.js", [1]],
    ["Svelte", [4]],
    ["Angular", []],
    ["react", []],
  ])("%s keeps projects %j", (category, indexes) => {
    expect(filterProjects(projects, category)).toEqual(indexes.map((index) => projects[index]));
  });

  it("offers a button for every category that matches at least one project", () => {
    for (const category of projectCategories(projects)) {
      expect(filterProjects(projects, category).length, category).toBeGreaterThan(0);
    }
  });
});

describe("sampleProjects", () => {
  // docs/product.md §3: four built-in samples with ids dummy-proj-N, categories React, Vue.js, Svelte and React Native.
  it.each(["en", "ar"] as const)("has the four samples in %s", (language) => {
    const samples = sampleProjects(language);
    expect(samples.map((sample) => sample.id)).toEqual([
      "dummy-proj-1",
      "dummy-proj-2",
      "dummy-proj-3",
      "dummy-proj-4",
    ]);
    expect(samples.map((sample) => sample.category)).toEqual(["React", "Vue.js", "Svelte", "React Native"]);
    for (const sample of samples) {
      expect(sample.title.trim()).not.toBe("");
      expect(sample.description.trim()).not.toBe("");
      expect(sample.tags.length).toBeGreaterThan(0);
      expect(sample.github_link).toMatch(/^https:\/\//);
      expect(sample.live_link).toMatch(/^https:\/\//);
      expect(Number.isNaN(Date.parse(sample.created_at))).toBe(false);
    }
  });

  it("writes the Arabic samples in Arabic and the English ones in English", () => {
    const arabicLetters = /[\u0600-\u06ff]/;
    for (const sample of sampleProjects("ar")) {
      expect(sample.title).toMatch(arabicLetters);
      expect(sample.description).toMatch(arabicLetters);
    }
    for (const sample of sampleProjects("en")) {
      expect(sample.title).not.toMatch(arabicLetters);
      expect(sample.description).not.toMatch(arabicLetters);
    }
  });

  it("gives the samples' categories", () => {
    expect(projectCategories(sampleProjects("ar"))).toEqual([
      "All",
      "React",
      "Vue.js",
      "Svelte",
      "React Native",
    ]);
  });
});

describe("localizeProject's fallback marks", () => {
  const project = {
    id: "p",
    title: "Shop",
    description: "A shop",
    category: "React",
    title_ar: "متجر",
    description_ar: "",
    category_ar: "",
    image_url: null,
    image_alt_en: "",
    image_alt_ar: "",
    github_link: null,
    live_link: null,
    tags: [],
    created_at: "2026-11-01T00:00:00.000Z",
  };
  it("marks each Arabic text that falls back to the English, and nothing in English", () => {
    expect(localizeProject(project, "ar")).toMatchObject({
      title: "متجر",
      description: "A shop",
      fallback: { description: "en", category: "en" },
    });
    expect(localizeProject(project, "ar").fallback).not.toHaveProperty("title");
    expect(localizeProject(project, "en")).not.toHaveProperty("fallback");
  });
});
