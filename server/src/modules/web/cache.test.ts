import { CACHE_IMMUTABLE, CACHE_REVALIDATE, cacheControlFor } from './cache.js';

describe('cacheControlFor', () => {
  it('caches content-hashed build files immutably, with their precompressed siblings, maps and licence files', () => {
    for (const name of [
      '470.761800c5.js',
      '470.761800c5.js.gz',
      '470.761800c5.js.br',
      'mf-runtime.6a1046f5.js',
      '__federation_expose_ChallengesApp.83082f2c.js',
      'assets/logo.9f8e7d6c5b.svg',
      '470.761800c5.js.map',
      '470.761800c5.js.LICENSE.txt',
    ]) {
      expect([name, cacheControlFor(name)]).toEqual([name, CACHE_IMMUTABLE]);
    }
  });

  it('revalidates the entry points and manifests that keep their names', () => {
    for (const name of [
      'main.js',
      'main.js.gz',
      'backoffice.js',
      'remoteEntry.js',
      'remoteEntry.js.br',
      'mf-manifest.json',
      'embed.js',
      'index.html',
      'main.js.map',
    ]) {
      expect([name, cacheControlFor(name)]).toEqual([name, CACHE_REVALIDATE]);
    }
  });

  it('does not take a short or non-hex part of a name for a hash', () => {
    expect(cacheControlFor('club-50264-m.js')).toBe(CACHE_REVALIDATE);
    expect(cacheControlFor('vendors.1234567.js')).toBe(CACHE_REVALIDATE);
    expect(cacheControlFor('page.abcdefgz.js')).toBe(CACHE_REVALIDATE);
  });

  it('caches every file addressed inside a release folder immutably (written once, never changed)', () => {
    expect(cacheControlFor('remoteEntry.js', { inReleaseFolder: true })).toBe(CACHE_IMMUTABLE);
    expect(cacheControlFor('mf-manifest.json', { inReleaseFolder: true })).toBe(CACHE_IMMUTABLE);
    expect(cacheControlFor('remoteEntry.js', { inReleaseFolder: false })).toBe(CACHE_REVALIDATE);
  });
});
