// Conversions that keep what they were given: a copy, a dict, JSON, an
// encoding or compression of a file's contents or of the whole environment
// still carries it, so a network call that sends the result sends the secret
// (`requests.post(u, json=dict(os.environ))`, `body: JSON.stringify(process.env)`,
// `ENV.to_h.to_json`). A method on a value that holds contents is named
// `content.<method>` (`open(k).read().encode()`). Issue 20: these were sends
// of nothing — a network write no rule stops.
import type { Call } from "./api.js";
import { alt, contentPaths, ENVIRONMENT, ENVIRONMENT_REFS, str, type Value } from "./value.js";

const CONTENT_METHODS = ["encode", "decode", "strip", "copy", "items", "values", "toString", "to_json", "to_s", "inspect", "to_h", "to_a", "dump"];
const contentMethods = CONTENT_METHODS.map((m) => `content.${m}`);

/** Per language: the calls whose value carries the contents their arguments (or receiver) carry. */
export const CARRIERS: Readonly<Record<"python" | "javascript" | "ruby", ReadonlySet<string>>> = {
  python: new Set([
    "dict", "str", "repr", "bytes", "list", "sorted", "json.dumps", "base64.b64encode", "base64.urlsafe_b64encode", "base64.b32encode",
    "urllib.parse.urlencode", "pickle.dumps", "zlib.compress", "gzip.compress", "yaml.dump", "yaml.safe_dump",
    "os.environ.copy", "os.environ.items", "os.environ.values", ...contentMethods,
  ]),
  javascript: new Set(["JSON.stringify", "String", "Object.entries", "Object.values", "Object.assign", "structuredClone", "Buffer.from", "btoa", "URLSearchParams", ...contentMethods]),
  ruby: new Set(["ENV.to_h", "ENV.to_hash", "ENV.to_a", "ENV.inspect", "ENV.to_s", "ENV.each", "JSON.generate", "JSON.dump", "JSON.pretty_generate", "Base64.encode64", "Base64.strict_encode64", "Marshal.dump", "YAML.dump", ...contentMethods]),
};

/** The contents a carrying call's value holds: what its receiver and arguments carry (an environment object's own methods: the environment). */
export function carriedContent(call: Call): Value | null {
  const onEnvironment = [...ENVIRONMENT_REFS].some((r) => call.api.startsWith(`${r}.`));
  const paths = onEnvironment ? [str(ENVIRONMENT)] : [call.self, ...call.args, ...call.kwargs.values()].flatMap((v) => (v ? contentPaths(v) : []));
  return paths.length === 0 ? null : { k: "content", path: alt(paths) };
}
