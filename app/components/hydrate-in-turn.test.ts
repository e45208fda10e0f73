// @vitest-environment jsdom
import { Fragment, createElement, hydrate } from "preact/compat";
import { describe, expect, it, vi } from "vitest";

// The browser's React is preact/compat (docs/decisions/031-preact-in-the-browser.md), so `HydrateInTurn` is tested on
// it, as the build runs it: "react" and its JSX runtimes are preact/compat's here, as in vite.config.ts.
vi.mock("react", async () => await import("preact/compat"));
vi.mock("react/jsx-runtime", async () => await import("preact/compat/jsx-runtime"));
vi.mock("react/jsx-dev-runtime", async () => await import("preact/compat/jsx-dev-runtime"));

// Parts hydrate in turns in the built browser code only.
vi.stubEnv("PROD", true);
const { HydrateInTurn, firstHydrationReturned, wholePageHydrated } = await import("./hydrate-in-turn.tsx");

// What the server sends for the tree below: each part in its own box, with no Suspense markers, and an element after
// each part.
const SERVER_HTML =
  '<header><div class="contents"><button>Menu</button></div><nav>Links</nav></header>' +
  '<main><div class="contents"><h1>Title</h1><button>Share</button>' +
  '<div class="contents"><button>More</button></div><p>After</p></div><footer>End</footer></main>';

/** Every element the page loses while `during` runs, moved elements included (a move is a removal, then an insertion). */
async function removedElements(root: HTMLElement, during: () => Promise<void>): Promise<string[]> {
  const removed: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.removedNodes) if (node instanceof Element) removed.push(node.localName);
  });
  observer.observe(root, { childList: true, subtree: true });
  await during();
  for (const record of observer.takeRecords())
    for (const node of record.removedNodes) if (node instanceof Element) removed.push(node.localName);
  observer.disconnect();
  return removed;
}

describe("HydrateInTurn on the first hydration (decision 032)", () => {
  it("keeps each part's server markup on screen, then hydrates that same markup in a later task", async () => {
    const root = document.createElement("div");
    root.innerHTML = SERVER_HTML;
    document.body.append(root);
    const clicks: string[] = [];
    const button = (name: string) => createElement("button", { onClick: () => clicks.push(name) }, name);
    const tree = createElement(
      Fragment,
      null,
      createElement(
        "header",
        null,
        createElement(HydrateInTurn, null, button("Menu")),
        createElement("nav", null, "Links"),
      ),
      createElement(
        "main",
        null,
        createElement(
          HydrateInTurn,
          null,
          createElement("h1", null, "Title"),
          button("Share"),
          // A part inside a part: it waits a task of its own after the outer one.
          createElement(HydrateInTurn, null, button("More")),
          createElement("p", null, "After"),
        ),
        createElement("footer", null, "End"),
      ),
    );
    const [menu, share, more] = [...root.querySelectorAll("button")];
    const heading = root.querySelector("h1");

    const elements = [...root.querySelectorAll("*")];
    const removed = await removedElements(root, async () => {
      hydrate(tree, root);
      firstHydrationReturned();

      // Held back: the markup is the server's, element for element, and does not answer yet.
      expect(root.querySelector("main")?.textContent).toBe("TitleShareMoreAfterEnd");
      expect(root.querySelector("h1")).toBe(heading);
      share?.click();
      menu?.click();
      more?.click();
      expect(clicks).toEqual([]);

      await wholePageHydrated();
    });

    // Hydrated in place: the same elements, now answering, and none of them taken out of the page and put back
    // (the elements after each part were, when the server marked each part as a Suspense boundary).
    expect(removed).toEqual([]);
    expect([...root.querySelectorAll("*")]).toEqual(elements);
    expect([...root.querySelectorAll("button")]).toEqual([menu, share, more]);
    expect(root.querySelector("h1")).toBe(heading);
    expect(root.querySelector("main")?.textContent).toBe("TitleShareMoreAfterEnd");
    share?.click();
    menu?.click();
    more?.click();
    expect(clicks).toEqual(["Share", "Menu", "More"]);
  });

  it("renders its children at once after the first hydration (client-side navigation)", () => {
    const root = document.createElement("div");
    document.body.append(root);
    hydrate(createElement(HydrateInTurn, null, createElement("p", null, "Next page")), root);
    expect(root.textContent).toBe("Next page");
  });
});
