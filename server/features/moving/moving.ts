import type { Readable } from "node:stream";
import { buildExport, exportZip } from "./export.ts";
import { planImport, readImportFile, resolveOldAddress, runImport, type MovingDeps } from "./service.ts";

/** The moving service: the site out as Markdown, a source in after its preview, and old addresses answered. */
export function createMoving(deps: MovingDeps & { contentChanged: () => void; variantsQueued: () => void }) {
  return {
    /** The whole site as a zip of Markdown and YAML. */
    async exportZip(): Promise<Readable> {
      return exportZip(await buildExport(deps));
    },
    /** What importing this file would do; nothing changes. */
    async preview(name: string, bytes: Buffer) {
      return planImport(deps.db, await readImportFile(name, bytes));
    },
    /** Imports this file, all or nothing. */
    async import(name: string, bytes: Buffer) {
      const result = await runImport(deps, await readImportFile(name, bytes));
      deps.contentChanged();
      deps.variantsQueued();
      return result;
    },
    /** Where an imported item's old address goes now (301), or null. */
    oldAddress: (path: string) => resolveOldAddress(deps.db, path, deps.now()),
  };
}

export type Moving = ReturnType<typeof createMoving>;
