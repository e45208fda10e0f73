// The bounds of an import (docs/product.md §31), shared by the server, which enforces them, and the admin's Import
// page, which checks a file's size before it is sent.

const MIB = 1024 * 1024;
/** The largest file an import takes, zip or single file: a few years of writing with its pictures. */
export const MAX_IMPORT_BYTES = 100 * MIB;
/** The most that all files of a folder or zip may hold once inflated. */
export const MAX_IMPORT_INFLATED_BYTES = 200 * MIB;
/** The most entries a folder or zip may have. */
export const MAX_IMPORT_FILES = 5000;
