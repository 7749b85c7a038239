// The daemon's ledger appends (docs/ledger.md): each decision is appended and
// fsynced before its answer, through the one appender every front door uses.
// appendDecision takes the ledger's lock file, so hook processes and other
// daemons may append to the same file; inside this daemon the appends run one
// at a time, so requests in flight do not spin on that lock against each other.
import { appendDecision, type LedgerTarget } from "../ledger/append.js";
import { KeyedSerial } from "./keyed-serial.js";
import type { Decided } from "./service.js";

export function ledgerRecorder(target: LedgerTarget): (record: Decided) => Promise<void> {
  const serial = new KeyedSerial();
  return async (record) => {
    await serial.run(target.path, () => appendDecision(target, record));
  };
}
