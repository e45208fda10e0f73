import { describe, expect, it } from "vitest";
import { formatCvDate } from "./cv-view.ts";
import { localeOf } from "./locales.ts";

// The CV's periods (docs/product.md §32) are written as the site's Arabic region writes dates (§17.1).
describe("formatCvDate", () => {
  it.each([
    ["egypt", "أبريل ٢٠١٩", "٢٠١٩"],
    ["gulf", "أبريل ٢٠١٩", "٢٠١٩"],
    ["levant", "نيسان ٢٠١٩", "٢٠١٩"],
    ["maghreb", "أبريل 2019", "2019"],
  ] as const)("writes a month and a year in the %s's Arabic", (region, month, year) => {
    expect(formatCvDate("2019-04", localeOf("ar", region))).toBe(month);
    expect(formatCvDate("2019", localeOf("ar", region))).toBe(year);
  });

  it("writes English the same whatever the region", () => {
    expect(formatCvDate("2019-04", localeOf("en", "levant"))).toBe("Apr 2019");
    expect(formatCvDate("2019", localeOf("en", "maghreb"))).toBe("2019");
  });
});
