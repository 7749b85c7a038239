// Haystack flattening: tool_input / tool_result JSON bytes → one bounded byte
// haystack of every JSON string value, `\n`-separated. The byte-for-byte twin
// is src/hotpath/twin.ts (TwinFlattener), which documents the rules.
//
// Total over any input: every loop advances `i` towards `end`, every read is
// inside [inPtr, inPtr + inLen), every write inside [outPtr, outPtr + cap).
// Needs no memory but its two regions (no stack: object keys are recognised
// by a look-ahead for `:` and rolled back).

// Per-event state: logical output length (may exceed cap) and strings committed.
let hpPos: i32 = 0;
let hpCount: i32 = 0;

// Write byte `b` at logical position `pos` if it is inside the cap; return pos + 1.
@inline function put(out: usize, cap: i32, pos: i32, b: u32): i32 {
  if (pos < cap) store<u8>(out + <usize>pos, <u8>b);
  return pos + 1;
}

function putCodePoint(out: usize, cap: i32, pos: i32, cp: u32): i32 {
  if (cp < 0x80) return put(out, cap, pos, cp);
  if (cp < 0x800) {
    pos = put(out, cap, pos, 0xc0 | (cp >> 6));
    return put(out, cap, pos, 0x80 | (cp & 0x3f));
  }
  if (cp < 0x10000) {
    pos = put(out, cap, pos, 0xe0 | (cp >> 12));
    pos = put(out, cap, pos, 0x80 | ((cp >> 6) & 0x3f));
    return put(out, cap, pos, 0x80 | (cp & 0x3f));
  }
  pos = put(out, cap, pos, 0xf0 | (cp >> 18));
  pos = put(out, cap, pos, 0x80 | ((cp >> 12) & 0x3f));
  pos = put(out, cap, pos, 0x80 | ((cp >> 6) & 0x3f));
  return put(out, cap, pos, 0x80 | (cp & 0x3f));
}

@inline function hexValue(b: u32): i32 {
  if (b - 0x30 < 10) return <i32>(b - 0x30);
  const l = b | 0x20;
  if (l - 0x61 < 6) return <i32>(l - 0x61 + 10);
  return -1;
}

/** Four hex digits at [p, p+4) if p + 4 <= end, else -1. */
function hex4(p: usize, end: usize): i32 {
  if (p + 4 > end) return -1;
  let v: i32 = 0;
  for (let k: usize = 0; k < 4; k++) {
    const h = hexValue(<u32>load<u8>(p + k));
    if (h < 0) return -1;
    v = (v << 4) | h;
  }
  return v;
}

@inline function isJsonSpace(b: u32): bool {
  return b == 0x20 || b == 0x09 || b == 0x0a || b == 0x0d;
}

/**
 * Flatten `inLen` bytes at `inPtr`, appending to the haystack at `outPtr`
 * (capacity `cap`). `append` 0 starts a new event, 1 continues it (tool_result
 * after tool_input). Returns the logical haystack length: min(it, cap) bytes
 * are valid, and a result > cap means the flattened text was truncated.
 */
export function hpFlatten(inPtr: usize, inLen: i32, outPtr: usize, cap: i32, append: i32): i32 {
  if (append == 0) {
    hpPos = 0;
    hpCount = 0;
  }
  // Work on locals; the globals carry the state from tool_input to tool_result.
  let pos = hpPos;
  let count = hpCount;
  if (pos > cap || inLen <= 0) return pos;
  const end = inPtr + <usize>inLen;
  let i = inPtr;
  while (i < end) {
    if (load<u8>(i++) != 0x22) continue;
    // A string opens.
    const save = pos;
    if (count > 0) pos = put(outPtr, cap, pos, 0x0a);
    let closed = false;
    while (i < end) {
      const c = <u32>load<u8>(i++);
      if (c == 0x22) {
        closed = true;
        break;
      }
      if (c != 0x5c) {
        pos = put(outPtr, cap, pos, c);
        continue;
      }
      if (i >= end) break; // a lone `\` at the end: dropped
      const e = <u32>load<u8>(i++);
      if (e == 0x62) pos = put(outPtr, cap, pos, 0x08);
      else if (e == 0x66) pos = put(outPtr, cap, pos, 0x0c);
      else if (e == 0x6e) pos = put(outPtr, cap, pos, 0x0a);
      else if (e == 0x72) pos = put(outPtr, cap, pos, 0x0d);
      else if (e == 0x74) pos = put(outPtr, cap, pos, 0x09);
      else if (e == 0x75) {
        let cp = hex4(i, end);
        if (cp < 0) {
          pos = putCodePoint(outPtr, cap, pos, 0xfffd);
          continue;
        }
        i += 4;
        if (cp >= 0xd800 && cp <= 0xdbff) {
          let lo: i32 = -1;
          if (i + 6 <= end && load<u8>(i) == 0x5c && load<u8>(i + 1) == 0x75) lo = hex4(i + 2, end);
          if (lo >= 0xdc00 && lo <= 0xdfff) {
            cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
            i += 6;
          } else {
            cp = 0xfffd;
          }
        } else if (cp >= 0xdc00 && cp <= 0xdfff) {
          cp = 0xfffd;
        }
        pos = putCodePoint(outPtr, cap, pos, <u32>cp);
      } else {
        pos = put(outPtr, cap, pos, e); // \" \\ \/ and anything else: the byte itself
      }
    }
    if (closed) {
      let j = i;
      while (j < end && isJsonSpace(<u32>load<u8>(j))) j++;
      if (j < end && load<u8>(j) == 0x3a) {
        pos = save; // an object key
        continue;
      }
    }
    count++;
    if (pos > cap) break;
  }
  hpPos = pos;
  hpCount = count;
  return pos;
}
