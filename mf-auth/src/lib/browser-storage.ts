/**
 * Safe access to the browser storages (blocked storage must not break a screen). The account
 * e-mails of spec §9 (confirm key, reset key) live in local storage, so the link in the e-mail
 * may be opened in another tab; the redirect after login lives in session storage (host).
 */
type Area = 'local' | 'session';

const area = (which: Area): Storage | null => {
  try {
    return which === 'local' ? localStorage : sessionStorage;
  } catch {
    return null;
  }
};

export function readStorage(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(which: Area, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // storage full or blocked: the field is simply not prefilled later
  }
}

export function removeStorage(which: Area, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // storage blocked
  }
}
