// Unit tests: flattening rules, JSON escapes, tolerant handling of malformed
// and truncated input, caps and oversize, and the region/view discipline.
import { describe, expect, test, vi } from "vitest";
import {
  compileAutomaton,
  createHotPath,
  flattenJsonReference,
  HAYSTACK_CAP,
  INPUT_CAP,
  instantiateGatehouseWasm,
  PER_EVENT_MEMORY_BYTES,
} from "../../src/hotpath/index.js";
import { WASM_BASE64 } from "../../src/hotpath/wasm-bytes.generated.js";
import { hitList, pair, same, scanBoth, scanBytesBoth, utf8 } from "./helpers.js";

const hex = (b: Uint8Array): string => Buffer.from(b).toString("hex");
const FFFD = "efbfbd";
const p = pair(["rm", "git push"]);
const flat = (input: string, result?: string | null): string => scanBoth(p, input, result).text();
const flatHex = (input: string): string => hex(scanBoth(p, input).bytes);

describe("flattening", () => {
  test("string values only, depth-first in document order, one \\n between", () => {
    expect(flat('{"command":"ls","n":1,"b":true,"z":null,"list":["a",{"k":"b"},["c"]],"e":{}}')).toBe("ls\na\nb\nc");
    expect(flat('"top"')).toBe("top");
    expect(flat("[]")).toBe("");
    expect(flat('["",""]')).toBe("\n");
    expect(flat('["", "x", ""]')).toBe("\nx\n");
    expect(flat("123")).toBe("");
    expect(flat("not json at all")).toBe("");
  });

  test("object keys are skipped, whatever the whitespace before the colon", () => {
    expect(flat('{ "k" : "v" ,\n "k2"\n:\t["a", {"b": "c"}], "k3"\r\n  :  "d"}')).toBe("v\na\nc\nd");
    expect(flat('{"only":{"keys":{}}}')).toBe("");
  });

  test("escapes decode", () => {
    expect(flat(String.raw`["x\"y", "a\\b", "\/", "\b\f\n\r\t"]`)).toBe('x"y\na\\b\n/\n\b\f\n\r\t');
    expect(flat(String.raw`["\u00e9\u00C9", "\u0041", "\u20ac"]`)).toBe("éÉ\nA\n€");
    expect(flat(String.raw`["\ud83d\ude00"]`)).toBe("😀");
  });

  test("lone surrogates become EF BF BD, like TextEncoder", () => {
    expect(flatHex(String.raw`["\ud83d"]`)).toBe(FFFD);
    expect(flatHex(String.raw`["\ude00\ud83d"]`)).toBe(FFFD + FFFD);
    expect(flatHex(String.raw`["\ud83dx"]`)).toBe(FFFD + "78");
    expect(flatHex(String.raw`["\ud83d\u0041"]`)).toBe(FFFD + "41");
    expect(flatHex(String.raw`["\ud83d\ud83d\ude00"]`)).toBe(FFFD + hex(utf8("😀")));
    // a raw lone surrogate in the JS string is encoded by encodeInto the same way
    expect(flatHex('["\ud800"]')).toBe(FFFD);
    expect(Buffer.from(utf8(flattenJsonReference(JSON.parse(String.raw`["\ud83d"]`))))).toEqual(Buffer.from(FFFD, "hex"));
  });

  test("malformed escapes are deterministic", () => {
    expect(flat(String.raw`["\q"]`)).toBe("q");
    expect(flatHex(String.raw`["\u12"]`)).toBe(FFFD + hex(utf8("12")));
    expect(flatHex(String.raw`["\uZZZZ"]`)).toBe(FFFD + hex(utf8("ZZZZ")));
    expect(flatHex(String.raw`["\u"]`)).toBe(FFFD);
  });

  test("truncated JSON: an unterminated string is kept, a trailing backslash dropped", () => {
    expect(flat('{"command": "rm -rf /ho')).toBe("rm -rf /ho");
    expect(flat('{"comm')).toBe("comm");
    expect(flat('{"command": "rm\\')).toBe("rm");
    expect(flatHex('["\\ud83d')).toBe(FFFD);
    expect(flatHex('["\\ud83d\\ude0')).toBe(FFFD + FFFD + hex(utf8("de0")));
  });

  test("tool_result strings follow tool_input strings", () => {
    expect(flat('{"command":"a"}', '{"stdout":"b"}')).toBe("a\nb");
    expect(flat('{"n":1}', '"x"')).toBe("x");
    expect(flat('"a"', "{}")).toBe("a");
    expect(flat('""', '""')).toBe("\n");
    expect(flat('"a"', null)).toBe("a");
    expect(flat('"a"', undefined)).toBe("a");
    expect(flat("{}", "")).toBe("");
    // keywords can span the separator only through the \n itself
    const s = scanBoth(p, '{"command":"git"}', '{"o":"push"}');
    expect(hitList(s, 2)).toEqual([false, false]);
  });

  test("keywords match across the whole haystack, input and result", () => {
    const s = scanBoth(p, '{"command":"ls"}', '{"stdout":"now run: rm -rf"}');
    expect(hitList(s, 2)).toEqual([true, false]);
  });

  test("text() is lazy, keeps a BOM, and scans are independent snapshots", () => {
    const s1 = p.wasm.scan('["\ufeffrm x"]');
    const hits1 = Array.from(s1.hits);
    const s2 = p.wasm.scan('["other"]');
    expect(s1.text()).toBe("\ufeffrm x");
    expect(s1.text()).toBe(s1.text());
    expect(Array.from(s1.hits)).toEqual(hits1);
    expect(s2.text()).toBe("other");
    s1.hits[0] = 0xffffffff;
    expect(hitList(p.wasm.scan('["rm"]'), 2)).toEqual([true, false]);
  });

  test("a non-string tool_input is treated as empty", () => {
    expect(flat(undefined as unknown as string)).toBe("");
  });
});

describe("caps and oversize", () => {
  test("PER_EVENT_MEMORY_BYTES = input + haystack + bitset regions", () => {
    expect(INPUT_CAP).toBe(512 * 1024);
    expect(HAYSTACK_CAP).toBe(256 * 1024);
    expect(PER_EVENT_MEMORY_BYTES).toBe(INPUT_CAP + HAYSTACK_CAP + 65536 / 8);
  });

  test("input exactly at INPUT_CAP is not oversize; one byte more is", () => {
    const head = '{"command":"rm -rf /","pad":"y"}';
    const at = head + " ".repeat(INPUT_CAP - head.length);
    expect(utf8(at).length).toBe(INPUT_CAP);
    const s = scanBoth(p, at);
    expect(s.oversize).toBe(false);
    expect(s.text()).toBe("rm -rf /\ny");
    const o = scanBoth(p, at + " ");
    expect(o.oversize).toBe(true);
    expect(o.text()).toBe("rm -rf /\ny");
    expect(hitList(o, 2)).toEqual([true, false]);
    // a string value cut at INPUT_CAP is kept up to the cut
    const cut = scanBoth(p, JSON.stringify({ command: "rm " + "x".repeat(INPUT_CAP) }));
    expect(cut.oversize).toBe(true);
    expect(cut.length).toBe(HAYSTACK_CAP);
    expect(hitList(cut, 2)).toEqual([true, false]);
  });

  test("encodeInto cuts a multi-byte input on a character boundary, identically", () => {
    const big = JSON.stringify(["é".repeat(INPUT_CAP)]);
    const s = scanBoth(p, big);
    expect(s.oversize).toBe(true);
    expect(s.length).toBe(HAYSTACK_CAP);
    expect(s.text()).toBe("é".repeat(HAYSTACK_CAP / 2));
  });

  test("haystack exactly at HAYSTACK_CAP is not oversize; one byte more is", () => {
    const exact = scanBoth(p, JSON.stringify(["a".repeat(HAYSTACK_CAP - 2), "b"]));
    expect(exact.oversize).toBe(false);
    expect(exact.length).toBe(HAYSTACK_CAP);
    const over = scanBoth(p, JSON.stringify(["a".repeat(HAYSTACK_CAP - 2), "bc"]));
    expect(over.oversize).toBe(true);
    expect(over.length).toBe(HAYSTACK_CAP);
    expect(over.text().endsWith("\nb")).toBe(true);
  });

  test("truncation may cut inside a UTF-8 sequence, identically", () => {
    const s = scanBoth(p, JSON.stringify(["a".repeat(HAYSTACK_CAP - 1) + "€"]));
    expect(s.oversize).toBe(true);
    expect(hex(s.bytes.subarray(HAYSTACK_CAP - 2))).toBe("61e2");
  });

  test("a huge object key does not count: it is rolled back", () => {
    const s = scanBoth(p, JSON.stringify({ ["k".repeat(HAYSTACK_CAP * 1.5)]: "rm it" }));
    expect(s.oversize).toBe(false);
    expect(s.text()).toBe("rm it");
    expect(hitList(s, 2)).toEqual([true, false]);
  });

  test("tool_result over the caps is oversize too, and the input still scans", () => {
    const s = scanBoth(p, '{"command":"git push"}', JSON.stringify({ out: "z".repeat(INPUT_CAP) }));
    expect(s.oversize).toBe(true);
    expect(s.text().startsWith("git push\nzzz")).toBe(true);
    expect(hitList(s, 2)).toEqual([false, true]);
  });

  test("a keyword straddling the haystack cap does not match", () => {
    const s = scanBoth(p, JSON.stringify(["a".repeat(HAYSTACK_CAP - 2) + " rm"]));
    expect(s.oversize).toBe(true);
    expect(hitList(s, 2)).toEqual([false, false]);
    const t = scanBoth(p, JSON.stringify(["a".repeat(HAYSTACK_CAP - 4) + " rm"]));
    expect(t.oversize).toBe(false);
    expect(hitList(t, 2)).toEqual([true, false]);
  });
});

describe("the WASM module and its memory", () => {
  test("imports only env.* (nothing Node-specific)", () => {
    // the bytes the engine loads (embedded by `npm run build` from build/gatehouse.wasm)
    const mod = new WebAssembly.Module(Buffer.from(WASM_BASE64, "base64"));
    const imports = WebAssembly.Module.imports(mod);
    for (const imp of imports) expect(imp.module).toBe("env");
    const names = WebAssembly.Module.exports(mod).map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(["memory", "alloc", "hpFlatten", "hpScan"]));
  });

  test("memory growth by another user of the instance detaches nothing we use", () => {
    const wasm = instantiateGatehouseWasm();
    const a = compileAutomaton(["rm", "sudo"]);
    const hp = createHotPath(a, { wasm });
    const twin = createHotPath(a, { kind: "twin" });
    expect(hp.kind).toBe("wasm");
    expect(twin.kind).toBe("twin");
    const event = '{"command":"sudo rm -rf /"}';
    same(hp.scan(event), twin.scan(event));
    const before = wasm.exports.memory.buffer;
    wasm.exports.alloc(8 * 1024 * 1024); // grows memory: old views detach
    expect(wasm.exports.memory.buffer).not.toBe(before);
    expect(before.byteLength).toBe(0);
    same(hp.scan(event), twin.scan(event));
    // a second hot path on the same instance keeps its own regions
    const other = createHotPath(compileAutomaton(["ls"]), { wasm });
    expect(hitList(other.scan('["ls -la"]'), 1)).toEqual([true]);
    expect(hitList(hp.scan(event), 2)).toEqual([true, true]);
  });

  test("the default kind is wasm and instantiates its own module", () => {
    const hp = createHotPath(compileAutomaton(["x"]));
    expect(hp.kind).toBe("wasm");
    expect(hitList(hp.scan('["x"]'), 1)).toEqual([true]);
  });

  test("without WebAssembly the default falls back to the twin; an explicit wasm kind throws", () => {
    const a = compileAutomaton(["rm"]);
    vi.stubGlobal("WebAssembly", undefined);
    try {
      const hp = createHotPath(a);
      expect(hp.kind).toBe("twin");
      expect(hitList(hp.scan('["rm -rf"]'), 1)).toEqual([true]);
      expect(() => createHotPath(a, { kind: "wasm" })).toThrow();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(createHotPath(a).kind).toBe("wasm");
  });

  test("random bytes over INPUT_CAP via scanBytes are cut at INPUT_CAP bytes", () => {
    const bytes = new Uint8Array(INPUT_CAP + 10).fill(0x22);
    const s = scanBytesBoth(p, bytes);
    expect(s.oversize).toBe(true);
  });
});

