// The ledger's public surface (docs/ledger.md): one call to append a decision,
// and the readers behind `ledger verify`, `ledger show` and `replay`.
export { appendDecision, appendDecisions, LedgerError, type AppendResult, type LedgerTarget } from "./append.js";
export type { DecisionRecord } from "../model/envelope.js";
export { verifyLedger, verifyPassed, type Finding, type VerifyReport } from "./verify.js";
export { replayLedger, decisionDifferences, type ReplayEngines, type ReplayOutcome, type FieldDifference } from "./replay.js";
export { GENESIS_PREV, LedgerRowSchema, hashInput, rowHash, serializeRow, type LedgerRow } from "./row.js";
export { sha256Digest } from "./hash.js";
