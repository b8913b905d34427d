// The ledger's invariants live beside the ledger (production reports them at /metrics).
export { ledgerViolations } from '../modules/ledger/ledger-health.js';
