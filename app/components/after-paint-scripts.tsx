import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts } from "react-router";

// The page's scripts start after its first paint (docs/decisions/032-scripts-after-the-first-paint.md). The server
// renders each page whole, so nothing a visitor sees waits for JavaScript; what the scripts add (the menu, the theme
// and language buttons, client-side navigation) can come a moment later. React Router's `<Scripts>` fetches the
// page's modules as early as it can: module preloads (which React moves into the head, fetched at high priority
// ahead of the fonts and the hero image) and a module script whose imports load while the page is parsed, then
// evaluate and hydrate before the browser has painted anything.
//
// `AfterPaintScripts` renders what `<Scripts>` renders, with two changes: no module preloads, and the module script
// inert (`type="text/x-sira-module"`). A small inline script (`starterScript`) waits for the first paint, then adds
// the preloads and a live copy of the module script. The copy carries the same text, so the CSP allows it by the same nonce or hash.

/**
 * How many module preloads the starter adds in one task. Adding a preload starts its fetch at once: 2–15 ms for a
 * page's 20–30 preloads together here, and a group of eight took 12–14 ms in Lighthouse's traced runs (times four on
 * its phone). Two at a time, in tasks posted through a message channel (timers nested this deep wait 4 ms each),
 * then the module script in a task of its own, keeps each task short.
 */
const PRELOADS_PER_TASK = 2;

/** The id of the inert module script the starter copies. */
export const INERT_MODULE_ID = "sira-modules";
const INERT_TYPE = "text/x-sira-module";

/**
 * What the starter runs: after the first paint, add the preloads (a group per task), then the live module script. `hrefs` are the
 * modules to preload. The paint is the Paint Timing entry where the browser has it; otherwise the frame after the next
 * animation frame. A tab nobody sees paints nothing and starts at once, or when it is hidden; a timer starts it in any
 * case after two seconds.
 */
export function starterScript(hrefs: readonly string[]): string {
  return `(()=>{const d=document,hrefs=${JSON.stringify(hrefs)};let started=false;const later=(f)=>{const c=new MessageChannel();c.port1.onmessage=()=>{c.port1.close();f()};c.port2.postMessage(0)},step=(from)=>{if(from<hrefs.length){for(const href of hrefs.slice(from,from+${PRELOADS_PER_TASK})){const l=d.createElement("link");l.rel="modulepreload";l.href=href;d.head.append(l)}later(()=>step(from+${PRELOADS_PER_TASK}));return}const inert=d.getElementById(${JSON.stringify(INERT_MODULE_ID)}),s=d.createElement("script");s.type="module";s.nonce=inert.nonce;s.textContent=inert.textContent;d.body.append(s)};const start=()=>{if(started)return;started=true;step(0)};if(d.visibilityState==="hidden")return start();d.addEventListener("visibilitychange",start,{once:true});setTimeout(start,2000);if(self.PerformanceObserver&&PerformanceObserver.supportedEntryTypes.includes("paint"))new PerformanceObserver((_,o)=>{o.disconnect();setTimeout(start)}).observe({type:"paint",buffered:true});else requestAnimationFrame(()=>setTimeout(start))})()`;
}

type ElementProps = Record<string, unknown> & { children?: ReactNode };

function flatten(node: ReactNode, into: ReactElement<ElementProps>[] = []): ReactElement<ElementProps>[] {
  Children.forEach(node, (child) => {
    if (!isValidElement<ElementProps>(child)) return;
    if (child.type === Fragment) flatten(child.props.children, into);
    else into.push(child);
  });
  return into;
}

export function AfterPaintScripts({ nonce }: { nonce?: string }) {
  // `Scripts` is called, not rendered, to rework what it returns; its hooks run as this component's, in the same
  // order on every render. Once the page is hydrated it returns nothing.
  const rendered = Scripts({ nonce });
  const elements = flatten(rendered);
  if (elements.length === 0) return null;
  const preloads: string[] = [];
  const kept: ReactNode[] = [];
  elements.forEach((element, index) => {
    const { rel, href, type } = element.props;
    if (element.type === "link" && rel === "modulepreload" && typeof href === "string") preloads.push(href);
    else if (element.type === "script" && type === "module") {
      kept.push(
        <script
          key={INERT_MODULE_ID}
          {...element.props}
          id={INERT_MODULE_ID}
          type={INERT_TYPE}
          async={undefined}
        />,
        <script
          key="starter"
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: starterScript(preloads) }}
        />,
      );
    } else kept.push(<Fragment key={index}>{element}</Fragment>);
  });
  return <>{kept}</>;
}
