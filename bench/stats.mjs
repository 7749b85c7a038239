// Latency histograms (hdr-histogram-js, values in nanoseconds) and summaries in µs.
import * as hdr from "hdr-histogram-js";

/** A histogram of nanosecond values from 1 ns to 10 minutes, 3 significant digits. */
export function makeHistogram() {
  return hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 600e9, numberOfSignificantValueDigits: 3 });
}

export const PERCENTILES = [
  ["p50", 50],
  ["p90", 90],
  ["p99", 99],
  ["p99_9", 99.9],
];

const us = (ns) => Math.round(ns / 100) / 10; // 0.1 µs resolution

/** {n, p50, p90, p99, p99_9, max, mean, min} in µs (null when empty). */
export function summarize(h) {
  if (h.totalCount === 0) return null;
  const out = { n: h.totalCount };
  for (const [key, p] of PERCENTILES) out[key] = us(h.getValueAtPercentile(p));
  out.max = us(h.maxValue);
  out.mean = us(h.mean);
  out.min = us(h.minNonZeroValue);
  return out;
}

/** Per-percentile ratio a ÷ b of two summaries (3 significant digits); null when either is missing. */
export function ratio(a, b) {
  if (a == null || b == null) return null;
  const out = {};
  for (const key of ["p50", "p90", "p99", "p99_9", "max"]) out[key] = b[key] > 0 ? Number((a[key] / b[key]).toPrecision(3)) : null;
  return out;
}

/** Median and p90 (nearest rank) of a list of numbers, plus min and max. */
export function describeSamples(values) {
  if (values.length === 0) return null;
  const s = [...values].sort((x, y) => x - y);
  const rank = (p) => s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
  const mid = s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  const r1 = (x) => Math.round(x * 10) / 10;
  return { n: s.length, median: r1(mid), p90: r1(rank(90)), min: r1(s[0]), max: r1(s[s.length - 1]) };
}

