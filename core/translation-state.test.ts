import { describe, expect, it } from "vitest";
import { translationState } from "./translation-state.ts";

describe("translationState", () => {
  const at = (iso: string | null) => iso;
  it("says which language is missing, which is behind and by how many whole days", () => {
    expect(translationState({ text_changed_en: null, text_changed_ar: null })).toBeNull();
    expect(translationState({ text_changed_en: at("2026-11-01T00:00:00Z"), text_changed_ar: null })).toEqual({
      kind: "missing",
      language: "ar",
    });
    expect(translationState({ text_changed_en: null, text_changed_ar: at("2026-11-01T00:00:00Z") })).toEqual({
      kind: "missing",
      language: "en",
    });
    const same = "2026-11-01T00:00:00.000Z";
    expect(translationState({ text_changed_en: same, text_changed_ar: same })).toBeNull();
    expect(
      translationState({ text_changed_en: "2026-11-13T09:00:00Z", text_changed_ar: "2026-11-01T08:00:00Z" }),
    ).toEqual({ kind: "behind", language: "ar", newer: "en", days: 12 });
    expect(
      translationState({ text_changed_en: "2026-11-01T08:00:00Z", text_changed_ar: "2026-11-01T09:00:00Z" }),
    ).toEqual({ kind: "behind", language: "en", newer: "ar", days: 0 });
  });
});
