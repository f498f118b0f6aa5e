import { useSyncExternalStore } from 'react';
import { isLegalPath, storageKeys, useLocation, type AgeConsentRecord } from '@erd/shared-contracts';

/**
 * The visitor's self-declared age (spec §4 age consent), kept in local storage under
 * `bfv-age-consent` as `{ over18, timestamp }`. No record or a broken one counts as "not asked".
 * Shared by the layout (page inert while the gate shows) and the age-gate feature.
 */
export type AgeConsent = AgeConsentRecord['over18'] | null;

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

export function readAgeConsent(): AgeConsent {
  const raw = storage()?.getItem(storageKeys.ageConsent);
  if (!raw) return null;
  try {
    const record = JSON.parse(raw) as Partial<AgeConsentRecord> | null;
    return record?.over18 === 'approved' || record?.over18 === 'denied' ? record.over18 : null;
  } catch {
    return null;
  }
}

/** Used only when storage cannot be written, so the choice still holds for this page. */
let memory: AgeConsent = null;

export function writeAgeConsent(over18: AgeConsentRecord['over18'], now: number = Date.now()): void {
  const record: AgeConsentRecord = { over18, timestamp: now };
  memory = null;
  try {
    const store = storage();
    if (store) store.setItem(storageKeys.ageConsent, JSON.stringify(record));
    else memory = over18;
  } catch {
    memory = over18; // quota or privacy mode: the choice still applies to this page
  }
  listeners.forEach((listener) => listener());
}

/** 'Doch schon 18?': forgets a stored choice, so the gate asks again. */
export function clearAgeConsent(): void {
  memory = null;
  try {
    storage()?.removeItem(storageKeys.ageConsent);
  } catch {
    // storage disabled: nothing was stored there
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === storageKeys.ageConsent) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const snapshot = (): AgeConsent => readAgeConsent() ?? memory;

/** The current consent; re-renders when it changes (also in another tab). */
export function useAgeConsent(): AgeConsent {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

/**
 * Whether the age gate covers the current route: on every route until the visitor has approved,
 * except the legal pages, which anyone may read (also after a 'Nein').
 */
export function useAgeGateBlocks(): boolean {
  const consent = useAgeConsent();
  const { pathname } = useLocation();
  return consent !== 'approved' && !isLegalPath(pathname);
}
