// The guard's schemas use zod's tree-shakeable "mini" build with its English
// messages: the guard starts a process per Write/Edit call, and classic zod
// is ~750 KB of the bundle it would otherwise parse each time (~20 ms).
import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

z.config(en());

export * from "zod/mini";
