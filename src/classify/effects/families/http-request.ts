// What an HTTP client's command line asks a server to do: the method, the
// URLs and the literal body, for curl, wget and httpie/xh. The family API rows
// (http.ts) read it to tell `curl -X DELETE …:9200/logs` from a search; it is
// the one reader of these three tools' requests (SPEC §6.5 methods build on it).
import type { Arg } from "../../programs/args.js";
import { has, parseArgs } from "../../programs/options.js";
import { CURL_SPEC, HTTPIE_SPEC, WGET_SPEC } from "../../programs/http-clients.js";

export interface RequestUrl {
  /** As written. */
  text: string;
  /** Parsed (a bare host gets the tool's default scheme), or null when the URL is only known at run time or does not parse. */
  url: URL | null;
}

export interface HttpRequest {
  /** Upper case. */
  method: string;
  urls: RequestUrl[];
  /** The literal request body (data arguments joined with `&`), or null when there is none or it is read from a file. */
  body: string | null;
}

export const HTTP_CLIENTS = ["curl", "wget", "http", "https", "xh", "xhs"] as const;

const CURL_DATA = ["data", "data-ascii", "data-binary", "data-raw", "data-urlencode", "json", "form", "form-string", "d", "F"];

/** A URL as a client reads it: `:9200/x` is localhost (httpie), a bare host gets `scheme`. */
export function requestUrl(arg: Arg, scheme = "http"): RequestUrl {
  const text = arg.value;
  if (arg.dynamic || arg.subst || arg.vars.length > 0) return { text, url: null };
  let t = text;
  if (/^:\d*(\/|$)/.test(t)) t = `localhost${t}`;
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(t)) t = `${scheme}://${t}`;
  try {
    return { text, url: new URL(t) };
  } catch {
    return { text, url: null };
  }
}

function curlRequest(args: readonly Arg[]): HttpRequest {
  const p = parseArgs(args, CURL_SPEC);
  let method: string | null = null;
  for (const f of p.flags) if (f.name === "request" && f.value !== null) method = f.value.toUpperCase();
  const data = p.flags.filter((f) => CURL_DATA.includes(f.name) && f.value !== null);
  if (method === null) {
    if (has(p, "head", "I")) method = "HEAD";
    else if (has(p, "get", "G")) method = "GET";
    else if (data.length > 0) method = "POST";
    else if (has(p, "upload-file")) method = "PUT";
    else method = "GET";
  }
  const literal = data.filter((f) => f.name === "data-raw" || !(f.value as string).startsWith("@")).map((f) => f.value as string);
  const urls = p.operands.map((o) => requestUrl(o.arg));
  for (const f of p.flags) if (f.name === "url" && f.value !== null) urls.push(requestUrl(f.arg));
  return { method, urls, body: literal.length ? literal.join("&") : null };
}

function wgetRequest(args: readonly Arg[]): HttpRequest {
  const p = parseArgs(args, WGET_SPEC);
  let method: string | null = null;
  for (const f of p.flags) if (f.name === "method" && f.value !== null) method = f.value.toUpperCase();
  const data = p.flags.filter((f) => (f.name === "post-data" || f.name === "body-data") && f.value !== null).map((f) => f.value as string);
  if (method === null) method = data.length > 0 || has(p, "post-file", "body-file") ? "POST" : "GET";
  return { method, urls: p.operands.map((o) => requestUrl(o.arg)), body: data.length ? data.join("&") : null };
}

/** What an httpie request item is: `k==v` a query parameter, `H:v` a header, `k=v`/`k:=json`/`k@file` data. */
function httpieItem(v: string): "query" | "header" | "data" | "other" {
  const m = /^[^=:@]*(==|:=@|:=|=@|=|@|:)/.exec(v);
  if (!m) return "other";
  return m[1] === "==" ? "query" : m[1] === ":" ? "header" : "data";
}

function httpieRequest(program: string, args: readonly Arg[]): HttpRequest {
  const p = parseArgs(args, HTTPIE_SPEC);
  const ops = [...p.operands];
  let method: string | null = null;
  if (ops.length >= 2 && /^[A-Za-z]+$/.test(ops[0].value)) method = ops.shift()!.value.toUpperCase();
  const scheme = program === "https" || program === "xhs" ? "https" : "http";
  const urlOp = ops.shift();
  const data = ops.map((o) => o.value).filter((v) => httpieItem(v) === "data");
  const raw = p.flags.find((f) => f.name === "raw" && f.value !== null)?.value ?? null;
  if (method === null) method = data.length > 0 || raw !== null || has(p, "form") ? "POST" : "GET";
  const body = raw ?? (data.length ? data.join("&") : null);
  return { method, urls: urlOp ? [requestUrl(urlOp.arg, scheme)] : [], body };
}

/** Flags that make curl or wget send something other than a bodiless GET. */
const SENDING_FLAG = /^(-[A-Za-z]*[XdFT]|--(request|data|json|form|upload-file|method|post-|body-))/;

/**
 * Could this request be anything but a bodiless GET? Most downloads are not,
 * and need no parse (httpie, whose method is a word, is always read).
 */
export function maySend(program: string, args: readonly Arg[]): boolean {
  if (program !== "curl" && program !== "wget") return true;
  return args.some((a) => SENDING_FLAG.test(a.value));
}

/** The request an HTTP client's command line makes, or null for a program that is not one. */
export function httpRequest(program: string, args: readonly Arg[]): HttpRequest | null {
  switch (program) {
    case "curl":
      return curlRequest(args);
    case "wget":
      return wgetRequest(args);
    case "http":
    case "https":
    case "xh":
    case "xhs":
      return httpieRequest(program, args);
    default:
      return null;
  }
}

/** The fields of the GraphQL mutations in a request body (`mutation { projectDelete(id: "p") }` → `projectDelete`). */
export function graphqlMutationFields(body: string | null): string[] {
  if (!body || !body.includes("mutation")) return [];
  const out: string[] = [];
  const re = /\bmutation\b/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(body)) !== null) {
    // Skip the operation's own name and variables, up to its selection set.
    let i = body.indexOf("{", m.index);
    if (i < 0) break;
    let depth = 0;
    for (let k = i; k < body.length; k++) {
      const c = body[k];
      if (c === "{") depth++;
      else if (c === "}") {
        depth--;
        if (depth === 0) break;
      } else if (depth === 1 && /[A-Za-z_]/.test(c) && !/[A-Za-z0-9_$]/.test(body[k - 1] ?? "")) {
        const id = /^[A-Za-z_][A-Za-z0-9_]*/.exec(body.slice(k))![0];
        const after = body.slice(k + id.length).trimStart();
        if (after.startsWith("(") || after.startsWith("{") || after.startsWith("}") || after.startsWith(":")) {
          if (!after.startsWith(":")) out.push(id);
        }
        k += id.length - 1;
      } else if (depth === 1 && c === "(") {
        // Arguments: skip to the matching parenthesis.
        let d = 0;
        for (; k < body.length; k++) {
          if (body[k] === "(") d++;
          else if (body[k] === ")" && --d === 0) break;
        }
      }
    }
    re.lastIndex = i + 1;
  }
  return out;
}
