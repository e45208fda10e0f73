import { z } from "zod";

// Every schema the browser builds comes from here (docs/product.md §24). By default zod probes whether it may
// compile parsers with `new Function` the first time an object schema is built; our CSP has no 'unsafe-eval', so
// the probe raises a CSP violation report on every admin page load. `jitless` skips the probe and the compiled
// fast path. It must be set before any schema is built, which importing `z` from this module guarantees: this
// module's body runs before the body of any module that imports it.
z.config({ jitless: true });

export { z };
