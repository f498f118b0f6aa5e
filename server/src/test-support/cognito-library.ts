import type { ICognitoStorage } from 'amazon-cognito-identity-js';

/** The storage amazon-cognito-identity-js keeps its session in, in memory (tests run without a browser). */
export class MemoryStorage implements ICognitoStorage {
  private readonly items = new Map<string, string>();
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}
