/**
 * Every wallet query lives under this key: a login, logout or money movement refreshes them all.
 * On its own (wallet-info.ts re-exports it) so the first screen's script, which names it, leaves
 * the contract's calls out.
 */
export const walletQueryKey = ['wallet'] as const;
