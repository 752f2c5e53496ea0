/**
 * Spec §4 query → storage rules for the registration code and source, so that the latest campaign
 * link decides both: code only sets registeCode and clears source; code and source set both; source
 * only sets source and clears registeCode; neither leaves storage alone. Invalid values count as absent.
 */
import { STORAGE } from '../constants.js';
import type { SafeStorage } from '../platform/storage.js';
import { isReferralCode, isSource, queryValue } from './query.js';

export type StorageOp = { op: 'set'; key: string; value: string } | { op: 'remove'; key: string };

/** The storage changes the query `search` asks for, in order (pure). */
export function sourceRuleOps(search: string): StorageOp[] {
  const code = queryValue(search, 'code');
  const source = queryValue(search, 'source');
  const hasCode = isReferralCode(code);
  const hasSource = isSource(source);
  if (hasCode && hasSource) {
    return [
      { op: 'set', key: STORAGE.registerCode, value: code },
      { op: 'set', key: STORAGE.source, value: source },
    ];
  }
  if (hasCode) return [{ op: 'set', key: STORAGE.registerCode, value: code }, { op: 'remove', key: STORAGE.source }];
  if (hasSource) return [{ op: 'set', key: STORAGE.source, value: source }, { op: 'remove', key: STORAGE.registerCode }];
  return [];
}

/** Applies sourceRuleOps to `storage`; a throwing storage skips that change and never throws out. */
export function applySourceRules(search: string, storage: SafeStorage): void {
  for (const change of sourceRuleOps(search)) {
    try {
      if (change.op === 'set') storage.set(change.key, change.value);
      else storage.remove(change.key);
    } catch {
      // Storage unavailable: the visit goes on without remembering.
    }
  }
}

/** The stored source, if it is a valid one. */
export function storedSource(storage: SafeStorage): string | undefined {
  try {
    const value = storage.get(STORAGE.source);
    return isSource(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
