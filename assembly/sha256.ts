// SHA-256 (FIPS 180-4) over bytes already in linear memory. Used by the Tier 2
// VM's RUN op to name an action's shape. No allocation: the round constants,
// the message schedule and the padded tail live in static data.

const K: usize = memory.data<u32>([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const W: usize = memory.data(256, 16);
const TAIL: usize = memory.data(128, 16);

let h0: u32 = 0;
let h1: u32 = 0;
let h2: u32 = 0;
let h3: u32 = 0;
let h4: u32 = 0;
let h5: u32 = 0;
let h6: u32 = 0;
let h7: u32 = 0;

function compress(block: usize): void {
  for (let i: usize = 0; i < 16; i++) {
    store<u32>(W + (i << 2), bswap<u32>(load<u32>(block + (i << 2))));
  }
  for (let i: usize = 16; i < 64; i++) {
    const w15 = load<u32>(W + ((i - 15) << 2));
    const w2 = load<u32>(W + ((i - 2) << 2));
    const s0 = rotr<u32>(w15, 7) ^ rotr<u32>(w15, 18) ^ (w15 >>> 3);
    const s1 = rotr<u32>(w2, 17) ^ rotr<u32>(w2, 19) ^ (w2 >>> 10);
    store<u32>(W + (i << 2), load<u32>(W + ((i - 16) << 2)) + s0 + load<u32>(W + ((i - 7) << 2)) + s1);
  }
  let a = h0;
  let b = h1;
  let c = h2;
  let d = h3;
  let e = h4;
  let f = h5;
  let g = h6;
  let h = h7;
  for (let i: usize = 0; i < 64; i++) {
    const S1 = rotr<u32>(e, 6) ^ rotr<u32>(e, 11) ^ rotr<u32>(e, 25);
    const ch = (e & f) ^ (~e & g);
    const t1 = h + S1 + ch + load<u32>(K + (i << 2)) + load<u32>(W + (i << 2));
    const S0 = rotr<u32>(a, 2) ^ rotr<u32>(a, 13) ^ rotr<u32>(a, 22);
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = S0 + maj;
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  h0 += a;
  h1 += b;
  h2 += c;
  h3 += d;
  h4 += e;
  h5 += f;
  h6 += g;
  h7 += h;
}

/** Digest `len` bytes at `ptr` into the module state h0..h7. */
function digest(ptr: usize, len: i32): void {
  h0 = 0x6a09e667;
  h1 = 0xbb67ae85;
  h2 = 0x3c6ef372;
  h3 = 0xa54ff53a;
  h4 = 0x510e527f;
  h5 = 0x9b05688c;
  h6 = 0x1f83d9ab;
  h7 = 0x5be0cd19;
  const n = <usize>len;
  const full = n & ~(<usize>63);
  for (let off: usize = 0; off < full; off += 64) compress(ptr + off);
  const rem = n - full;
  memory.copy(TAIL, ptr + full, rem);
  store<u8>(TAIL + rem, 0x80);
  memory.fill(TAIL + rem + 1, 0, 127 - rem);
  const total: usize = rem + 9 <= 64 ? 64 : 128;
  store<u64>(TAIL + total - 8, bswap<u64>(<u64>n << 3));
  compress(TAIL);
  if (total == 128) compress(TAIL + 64);
}

@inline function hexDigit(n: u32): u8 {
  return <u8>(n < 10 ? 48 + n : 87 + n);
}

function putWord(out: usize, w: u32): void {
  for (let i: u32 = 0; i < 8; i++) {
    store<u8>(out + <usize>i, hexDigit((w >>> (28 - 4 * i)) & 15));
  }
}

/** Write the lowercase hex SHA-256 of `len` bytes at `ptr` as 64 ASCII bytes at `out`. */
export function sha256HexInto(ptr: usize, len: i32, out: usize): void {
  digest(ptr, len);
  putWord(out, h0);
  putWord(out + 8, h1);
  putWord(out + 16, h2);
  putWord(out + 24, h3);
  putWord(out + 32, h4);
  putWord(out + 40, h5);
  putWord(out + 48, h6);
  putWord(out + 56, h7);
}
