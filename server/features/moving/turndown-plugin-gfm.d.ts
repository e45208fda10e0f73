// turndown-plugin-gfm ships no types; this is the part of its API the export uses
// (https://github.com/mixmark-io/turndown-plugin-gfm).
declare module "turndown-plugin-gfm" {
  import type TurndownService from "turndown";
  export const gfm: TurndownService.Plugin;
}
