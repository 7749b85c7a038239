// Property tests draw fresh random cases on every local run (that is how they
// find bugs); CI pins the seed through FAST_CHECK_SEED so the run that decides
// whether a change lands is the run that was reproduced before it was pushed.
// A failure prints its seed either way: rerun with FAST_CHECK_SEED=<seed>.
import fc from "fast-check";

const seed = process.env.FAST_CHECK_SEED;
if (seed !== undefined && seed !== "") {
  const n = Number(seed);
  if (!Number.isSafeInteger(n)) throw new Error(`FAST_CHECK_SEED must be an integer, got ${JSON.stringify(seed)}`);
  fc.configureGlobal({ seed: n });
}
