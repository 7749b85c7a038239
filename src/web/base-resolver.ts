// `extends` in a browser: the page reads no files, so the only bundle it can
// extend is the embedded default; a path is refused with a message that says so.
import { DEFAULT_BUNDLE_REF, type BaseResolver } from "../bundle/compose.js";
import { BundleLoadError } from "../bundle/top-level.js";

export const BROWSER_PATH_REFUSAL =
  "a browser cannot read files: here a bundle can extend only gatehouse:default (run `gatehouse bundle resolve` on it and paste the result)";

export function browserBaseResolver(defaultBundle: unknown): BaseResolver {
  return (ref) => {
    if (ref === DEFAULT_BUNDLE_REF) return { value: defaultBundle, source: DEFAULT_BUNDLE_REF, key: DEFAULT_BUNDLE_REF };
    throw new BundleLoadError(BROWSER_PATH_REFUSAL);
  };
}
