// Part A — every predicate of SPEC §5, each with a case where it holds and one
// where it does not. One deny rule `r`; a hold fires it, a miss is neutral.
import type { CaseSpec } from "../spec.js";
import { bash, bundle, event, fired, leaf, neutral, t1 } from "./helpers.js";

const FACTS = [
  { id: "git.branch", type: "string" },
  { id: "ticket.count", type: "integer" },
  { id: "repo.production", type: "boolean" },
  { id: "repo.owners", type: "string_list" },
];

function p(name: string, when: unknown, ev: unknown, fires: boolean): CaseSpec {
  return { name, bundle: bundle([t1("r", when)], { facts: FACTS }), event: ev, expect: fires ? { ...fired("r"), tier: 1, mode: "enforce" } : neutral };
}

const write = (file_path: string) => event("Write", { file_path, content: "x" });
const fetchUrl = (url: string) => event("WebFetch", { url, prompt: "summarise" });
const withSession = (session: Record<string, number>) => bash("ls", { session });

export const specs: CaseSpec[] = [
  // eq — exact JSON equality, case-sensitive, structural on objects
  p("eq: tool.name equals Bash", leaf("tool.name", "eq", "Bash"), bash("ls"), true),
  p("eq: is case-sensitive (bash ≠ Bash)", leaf("tool.name", "eq", "bash"), bash("ls"), false),
  p("eq: integer fact equals 3", leaf("fact.ticket.count", "eq", 3), bash("ls", { facts: { "ticket.count": 3 } }), true),
  p("eq: integer 3 is not the string \"3\"", leaf("fact.ticket.count", "eq", "3"), bash("ls", { facts: { "ticket.count": 3 } }), false),
  p("eq: boolean fact equals true", leaf("fact.repo.production", "eq", true), bash("ls", { facts: { "repo.production": true } }), true),
  p("eq: command.simple compares {program, argv} structurally", leaf("command.simple", "eq", { program: "git", argv: ["status", "-s"] }), bash("git status -s"), true),
  p("eq: command.simple with a different argv does not match", leaf("command.simple", "eq", { program: "git", argv: ["status"] }), bash("git status -s"), false),

  // in — membership by equality
  p("in: command.program in [hg, git]", leaf("command.program", "in", ["hg", "git"]), bash("git status"), true),
  p("in: command.program not in [hg, svn]", leaf("command.program", "in", ["hg", "svn"]), bash("git status"), false),
  p("in: string_list fact matches when any element is listed", leaf("fact.repo.owners", "in", ["bob"]), bash("ls", { facts: { "repo.owners": ["alice", "bob"] } }), true),
  p("in: empty list never matches", leaf("tool.name", "in", []), bash("ls"), false),

  // prefix / suffix / contains
  p("prefix: tool.input.command starts with \"git \"", leaf("tool.input.command", "prefix", "git "), bash("git log"), true),
  p("prefix: does not match in the middle", leaf("tool.input.command", "prefix", "log"), bash("git log"), false),
  p("suffix: path.value ends with .ts", leaf("path.value", "suffix", ".ts"), write("src/app.ts"), true),
  p("suffix: .ts is not a suffix of app.tsx", leaf("path.value", "suffix", ".ts"), write("src/app.tsx"), false),
  p("contains: command.raw contains --force", leaf("command.raw", "contains", "--force"), bash("git push --force origin feat"), true),
  p("contains: is case-sensitive (--FORCE)", leaf("command.raw", "contains", "--FORCE"), bash("git push --force origin feat"), false),

  // keyword on content — the WASM automaton; ASCII case-insensitive, word boundaries
  p("keyword content: matches across case (DROP TABLE in drop table)", leaf("content", "keyword", "DROP TABLE"), bash("psql -c 'drop table users'"), true),
  p("keyword content: no match inside a longer word (xdrop tablex)", leaf("content", "keyword", "DROP TABLE"), bash("psql -c 'xdrop tablex'"), false),
  p("keyword content: 'secret' does not match 'secretary'", leaf("content", "keyword", "secret"), event("Write", { file_path: "notes.md", content: "ask the secretary" }), false),
  p("keyword content: reads every string of tool_input, not only command", leaf("content", "keyword", "secret"), event("Write", { file_path: "notes.md", content: "the Secret is out" }), true),
  p("keyword content: a keyword ending in a non-word byte matches before a word byte", leaf("content", "keyword", "api_key="), event("Write", { file_path: "a.env.example", content: "API_KEY=abc" }), true),
  p("keyword content: tool_result joins the haystack on post_tool_use", leaf("content", "keyword", "BEGIN RSA PRIVATE KEY"), { ...bash("cat key.txt"), event_type: "post_tool_use", tool_result: { stdout: "-----begin rsa private key-----" } }, true),
  p("keyword content: tool_result is not read on pre_tool_use", leaf("content", "keyword", "BEGIN RSA PRIVATE KEY"), { ...bash("cat key.txt"), tool_result: { stdout: "-----BEGIN RSA PRIVATE KEY-----" } }, false),
  // keyword on other fields — the same matcher on that string
  p("keyword command.raw: case-insensitive (FORCE in --force)", leaf("command.raw", "keyword", "FORCE"), bash("git push --force origin feat"), true),
  p("keyword command.raw: word boundary (force is not in --forced)", leaf("command.raw", "keyword", "force"), bash("echo --forced"), false),
  p("keyword tool.input.description: matches a word in a non-content field", leaf("tool.input.description", "keyword", "deploy"), event("Task", { description: "Deploy to prod", prompt: "go" }), true),

  // glob — picomatch, POSIX, dot files included
  p("glob: **/*.pem matches a nested key file", leaf("path.value", "glob", "**/*.pem"), write("certs/server.pem"), true),
  p("glob: **/*.pem does not match server.pem.bak", leaf("path.value", "glob", "**/*.pem"), write("certs/server.pem.bak"), false),
  p("glob: * matches dot files (dot: true)", leaf("path.rel", "glob", "config/*"), write("config/.secret"), true),
  p("glob: single * does not cross a directory", leaf("path.rel", "glob", "src/*.ts"), write("src/deep/a.ts"), false),

  // touch_set — gitignore semantics: ! negates, last match wins
  p("touch_set: src/** contains src/a.ts", leaf("path.rel", "touch_set", ["src/**"]), write("src/a.ts"), true),
  p("touch_set: ! excludes a file pattern (*.test.ts under **/*.ts)", leaf("path.rel", "touch_set", ["**/*.ts", "!**/*.test.ts"]), write("src/a.test.ts"), false),
  p("touch_set: the negation does not reach outside its pattern", leaf("path.rel", "touch_set", ["src/**", "!src/generated/**"]), write("src/lib/x.ts"), true),
  p("touch_set: last match wins (re-included after !)", leaf("path.rel", "touch_set", ["*.ts", "!a.ts", "a.ts"]), write("a.ts"), true),
  p("touch_set: last match wins (excluded after include)", leaf("path.rel", "touch_set", ["a.ts", "!a.ts"]), write("a.ts"), false),
  p("touch_set: a path outside the workspace is in no touch set", leaf("path.value", "touch_set", ["**"]), write("/etc/passwd"), false),

  // regex_lite — RE2, linear time
  p("regex_lite: ^git\\s+push\\b.*--force matches", leaf("command.raw", "regex_lite", "^git\\s+push\\b.*--force"), bash("git  push origin --force"), true),
  p("regex_lite: anchored pattern does not match a later position", leaf("command.raw", "regex_lite", "^push"), bash("git push origin main"), false),
  p("regex_lite: character classes and alternation", leaf("command.argv", "regex_lite", "^-[a-z]*(r|R)[a-z]*$"), bash("rm -fR build"), true),

  // gt / gte / lt / lte — integers, boundaries exact
  p("gt: 6 > 5", leaf("session.tool_calls", "gt", 5), withSession({ tool_calls: 6 }), true),
  p("gt: 5 is not > 5", leaf("session.tool_calls", "gt", 5), withSession({ tool_calls: 5 }), false),
  p("gte: 5 >= 5", leaf("session.tool_calls", "gte", 5), withSession({ tool_calls: 5 }), true),
  p("gte: 4 is not >= 5", leaf("session.tool_calls", "gte", 5), withSession({ tool_calls: 4 }), false),
  p("lt: 4 < 5", leaf("session.elapsed_ms", "lt", 5), withSession({ elapsed_ms: 4 }), true),
  p("lt: 5 is not < 5", leaf("session.elapsed_ms", "lt", 5), withSession({ elapsed_ms: 5 }), false),
  p("lte: 5 <= 5", leaf("session.elapsed_ms", "lte", 5), withSession({ elapsed_ms: 5 }), true),
  p("lte: 6 is not <= 5", leaf("session.elapsed_ms", "lte", 5), withSession({ elapsed_ms: 6 }), false),
  p("gt: a string value never compares", leaf("tool.input.n", "gt", 1), event("mcp__x__y", { n: "9" }), false),
  p("gt: an integer in tool_input compares", leaf("tool.input.n", "gt", 1), event("mcp__x__y", { n: 9 }), true),

  // exists — presence, value true or omitted; false inverts
  p("exists: tool.input.file_path present on Write", leaf("tool.input.file_path", "exists"), write("a.ts"), true),
  p("exists: tool.input.file_path absent on Bash", leaf("tool.input.file_path", "exists"), bash("ls"), false),
  p("exists true: explicit true is the same as omitted", leaf("tool.input.file_path", "exists", true), write("a.ts"), true),
  p("exists false: holds when the field is absent", leaf("tool.input.file_path", "exists", false), bash("ls"), true),
  p("exists false: does not hold when present", leaf("tool.input.file_path", "exists", false), write("a.ts"), false),
  p("exists: a JSON null is absent", leaf("tool.input.file_path", "exists"), event("Write", { file_path: null, content: "x" }), false),

  // tld_in — the public suffix (PSL), including multi-label suffixes
  p("tld_in: shop.example.co.uk is under co.uk", leaf("url.host", "tld_in", ["co.uk"]), fetchUrl("https://shop.example.co.uk/a"), true),
  p("tld_in: the public suffix of example.co.uk is co.uk, not uk", leaf("url.host", "tld_in", ["uk"]), fetchUrl("https://shop.example.co.uk/a"), false),
  p("tld_in: a leading dot in the list is ignored", leaf("url.host", "tld_in", [".com"]), fetchUrl("https://example.com/"), true),
  p("tld_in: example.com is not under org", leaf("url.host", "tld_in", ["org", "net"]), fetchUrl("https://example.com/"), false),
  p("tld_in: works on url.tld values too", leaf("url.tld", "tld_in", ["co.uk"]), fetchUrl("https://shop.example.co.uk/a"), true),
  p("tld_in: host matching is case-insensitive", leaf("url.host", "tld_in", ["io"]), fetchUrl("https://API.Example.IO/x"), true),

  // cidr — v4 and v6, numeric, one block or a list
  p("cidr v4: 10.1.2.3 is in 10.0.0.0/8", leaf("url.host", "cidr", "10.0.0.0/8"), fetchUrl("http://10.1.2.3/admin"), true),
  p("cidr v4: 11.0.0.1 is not in 10.0.0.0/8", leaf("url.host", "cidr", "10.0.0.0/8"), fetchUrl("http://11.0.0.1/"), false),
  p("cidr v4: 172.31.255.255 is in 172.16.0.0/12 (numeric, not a string prefix)", leaf("url.host", "cidr", ["192.168.0.0/16", "172.16.0.0/12"]), fetchUrl("http://172.31.255.255/"), true),
  p("cidr v4: 172.32.0.1 is outside 172.16.0.0/12", leaf("url.host", "cidr", "172.16.0.0/12"), fetchUrl("http://172.32.0.1/"), false),
  p("cidr v6: [fd12::1] is in fc00::/7", leaf("url.host", "cidr", "fc00::/7"), fetchUrl("http://[fd12::1]:8080/"), true),
  p("cidr v6: [2001:db8::1] is not in fc00::/7", leaf("url.host", "cidr", "fc00::/7"), fetchUrl("http://[2001:db8::1]/"), false),
  p("cidr: a host name is never in a block", leaf("url.host", "cidr", "0.0.0.0/0"), fetchUrl("https://example.com/"), false),

  // effect_is — one tuple: verb, target_class, attrs as a subset
  p("effect_is: verb only", leaf("effect", "effect_is", { verb: "delete" }), bash("rm -rf /"), true),
  p("effect_is: verb and target_class", leaf("effect", "effect_is", { verb: "delete", target_class: "filesystem_root" }), bash("rm -rf /"), true),
  p("effect_is: target_class differs", leaf("effect", "effect_is", { verb: "delete", target_class: "home_dir" }), bash("rm -rf /"), false),
  p("effect_is: attrs subset holds (recursive)", leaf("effect", "effect_is", { verb: "delete", attrs: { recursive: true } }), bash("rm -rf /"), true),
  p("effect_is: attrs value differs (recursive false vs true)", leaf("effect", "effect_is", { verb: "delete", attrs: { recursive: true } }), bash("rm /tmp/x"), false),
  p("effect_is: attrs key missing from the tuple", leaf("effect", "effect_is", { verb: "read", attrs: { recursive: true } }), event("Read", { file_path: "a.ts" }), false),
  p(
    "effect_is: verb and class must come from ONE tuple (read×secret + delete×temp ≠ delete×secret)",
    leaf("effect", "effect_is", { verb: "delete", target_class: "secret_file" }),
    bash("cat .env; rm -rf /tmp/x"),
    false,
  ),
  p("effect_is: the second tuple of a list can match", leaf("effect", "effect_is", { verb: "delete", target_class: "temp_path" }), bash("cat .env; rm -rf /tmp/x"), true),
  p("effect_is: empty pattern matches any tuple", leaf("effect", "effect_is", {}), event("Task", { prompt: "x" }), true),
  p("effect_is: empty pattern needs at least one tuple", leaf("effect", "effect_is", {}), bash("echo hi"), false),
];

export default specs;
