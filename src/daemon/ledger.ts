// The daemon's ledger appends (docs/ledger.md, docs/daemon.md "Ledger"): a
// group commit. The decisions of calls in flight together are appended as one
// write and one fsync under the ledger's lock, and each call is answered only
// once the batch holding its row is durable — the same guarantee as one fsync
// per row, at a fraction of the fsyncs. One batch is written at a time; the
// calls that arrive meanwhile form the next. The lock is the one every front
// door takes, so hook processes and other daemons may append to the same file.
import { appendDecisions, type LedgerTarget } from "../ledger/append.js";
import type { Decided } from "./service.js";

/** Rows written by one write at most (a bound on one batch's bytes and on its wait). */
export const MAX_BATCH_ROWS = 256;

interface Pending {
  record: Decided;
  done: (error?: unknown) => void;
}

export interface LedgerRecorder {
  (record: Decided): Promise<void>;
  /** Batches written so far, and the rows in them (for the bench and tests). */
  readonly stats: { batches: number; rows: number };
}

export function ledgerRecorder(target: LedgerTarget): LedgerRecorder {
  let queue: Pending[] = [];
  let writing = false;
  const stats = { batches: 0, rows: 0 };
  const drain = async () => {
    writing = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH_ROWS);
      queue = queue.slice(batch.length);
      try {
        await appendDecisions(target, batch.map((p) => p.record));
        stats.batches++;
        stats.rows += batch.length;
        for (const p of batch) p.done();
      } catch (error) {
        // The batch is all or nothing: every call in it fails (under its error posture).
        for (const p of batch) p.done(error);
      }
    }
    writing = false;
  };
  const record = (decided: Decided) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ record: decided, done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!writing) void drain();
    });
  return Object.assign(record, { stats });
}
