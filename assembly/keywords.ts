// Keyword matching: one Aho-Corasick pass over the haystack with the DFA that
// src/hotpath/automaton.ts compiles (its comment documents the table layout).
// The byte-for-byte twin is twinScan in src/hotpath/twin.ts.

@inline function isWordByte(b: u32): bool {
  return b - 0x30 < 10 || (b | 0x20) - 0x61 < 26 || b == 0x5f;
}

/**
 * Scan hay[0..len) with the DFA at `table` (Int32 entries) and the 256-byte
 * class map at `classes`; clear then set the `words`-word hit bitset at `bits`.
 */
export function hpScan(table: usize, classes: usize, hay: usize, len: i32, bits: usize, words: i32): void {
  memory.fill(bits, 0, <usize>words << 2);
  let s: i32 = 0;
  for (let i: i32 = 0; i < len; i++) {
    const cls = <i32>load<u8>(classes + <usize>load<u8>(hay + <usize>i));
    s = load<i32>(table + (<usize>(s + cls) << 2));
    let o = load<i32>(table + (<usize>s << 2));
    while (o != 0) {
      const block = table + (<usize>o << 2);
      const n = load<i32>(block, 4);
      for (let j: i32 = 0; j < n; j++) {
        const entry = block + 8 + (<usize>j << 3);
        const code = load<i32>(entry);
        const k = <u32>code >>> 2;
        const w = bits + (<usize>(k >>> 5) << 2);
        const bit: u32 = 1 << (k & 31);
        const old = load<u32>(w);
        if ((old & bit) != 0) continue;
        if ((code & 1) != 0) {
          const start = i + 1 - load<i32>(entry, 4);
          if (start > 0 && isWordByte(<u32>load<u8>(hay + <usize>(start - 1)))) continue;
        }
        if ((code & 2) != 0) {
          if (i + 1 < len && isWordByte(<u32>load<u8>(hay + <usize>(i + 1)))) continue;
        }
        store<u32>(w, old | bit);
      }
      o = load<i32>(block);
    }
  }
}
