// `react-dom/client` for the browser build, on preact/compat (docs/decisions/031-preact-in-the-browser.md).
// React Router hydrates the whole `document`: its root route renders `<html>`. Preact takes a `document` container
// to mean `document.documentElement` and would render a second `<html>` inside the first, so the document is
// handed over as a container whose only child is the `<html>` element (the doctype stays outside Preact's view).
import { hydrate, render, unmountComponentAtNode } from "preact/compat";
import type { ComponentChild } from "preact";

type Container = Parameters<typeof render>[1];

function documentContainer(document: Document): Container {
  const container = {
    nodeType: 1,
    namespaceURI: "http://www.w3.org/1999/xhtml",
    ownerDocument: document,
    get firstChild() {
      return document.documentElement;
    },
    get childNodes() {
      return document.documentElement ? [document.documentElement] : [];
    },
    insertBefore: (node: Node, before: Node | null) => document.insertBefore(node, before),
    appendChild: (node: Node) => document.appendChild(node),
    removeChild: (node: Node) => document.removeChild(node),
    contains: (node: Node) => document.contains(node),
  };
  return container as unknown as Container;
}

function rootOf(container: Container | Document): Container {
  return (container as Node).nodeType === Node.DOCUMENT_NODE
    ? documentContainer(container as Document)
    : container;
}

export function createRoot(container: Container | Document) {
  const root = rootOf(container);
  return {
    render: (children: ComponentChild) => render(children, root),
    unmount: () => unmountComponentAtNode(root),
  };
}

/**
 * React's server render moves and adds elements of the head: the module preloads React Router renders in the body,
 * and a preload of a high-priority image. Preact hydrates in tree order and pairs elements by tag name, so these
 * extra `<link>` elements would be paired with the page's own links (and the stylesheet lost). They have done their
 * work once the page has loaded its modules, so they are removed before hydrating.
 */
function removeServerOnlyLinks(document: Document): void {
  for (const link of document.head.querySelectorAll(
    'link[rel="modulepreload"], link[rel="preload"][as="image"]',
  ))
    link.remove();
}

export function hydrateRoot(container: Container | Document, children: ComponentChild) {
  if ((container as Node).nodeType === Node.DOCUMENT_NODE) removeServerOnlyLinks(container as Document);
  const root = rootOf(container);
  hydrate(children, root);
  return {
    render: (next: ComponentChild) => render(next, root),
    unmount: () => unmountComponentAtNode(root),
  };
}

export default { createRoot, hydrateRoot };
