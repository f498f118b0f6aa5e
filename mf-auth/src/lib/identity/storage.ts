import type { ICognitoStorage } from 'amazon-cognito-identity-js';

/**
 * Where amazon-cognito-identity-js keeps its copy of the tokens. Not localStorage (the library's
 * default): session storage, so the session ends with the tab (spec §4, decisions §2). Falls back
 * to memory when storage is blocked. `clear` removes only the library's own keys.
 */
export const COGNITO_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

const memory = new Map<string, string>();

function storage(): Storage | null {
  try {
    return typeof sessionStorage !== 'undefined' ? sessionStorage : null;
  } catch {
    return null;
  }
}

export const cognitoSessionStorage: ICognitoStorage = {
  setItem(key, value) {
    try {
      const s = storage();
      if (s) s.setItem(key, value);
      else memory.set(key, value);
    } catch {
      memory.set(key, value);
    }
  },
  getItem(key) {
    try {
      const s = storage();
      return (s ? s.getItem(key) : null) ?? memory.get(key) ?? null;
    } catch {
      return memory.get(key) ?? null;
    }
  },
  removeItem(key) {
    memory.delete(key);
    try {
      storage()?.removeItem(key);
    } catch {
      // storage blocked: nothing stored there
    }
  },
  clear() {
    memory.clear();
    try {
      const s = storage();
      if (!s) return;
      const keys: string[] = [];
      for (let i = 0; i < s.length; i += 1) {
        const key = s.key(i);
        if (key?.startsWith(COGNITO_KEY_PREFIX)) keys.push(key);
      }
      keys.forEach((key) => s.removeItem(key));
    } catch {
      // storage blocked
    }
  },
};
