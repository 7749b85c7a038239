// `gatehouse bundle schema`: the JSON Schema of the bundle format, generated
// from the loader's zod schemas (src/bundle/json-schema.ts).
import { bundleJsonSchema } from "../bundle/json-schema.js";
import { EXIT } from "../model/exit-codes.js";
import type { Io } from "./io.js";

export async function bundleSchemaCommand(_args: unknown, io: Io): Promise<number> {
  io.out(JSON.stringify(bundleJsonSchema(), null, 2));
  return EXIT.OK;
}
