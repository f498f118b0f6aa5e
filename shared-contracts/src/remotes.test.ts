import { remoteFilesOfManifest, remoteModuleOfPath, remoteModules } from './remotes';

describe('remoteModuleOfPath', () => {
  test.each([
    ['/challenge', remoteModules.challenges],
    ['/challenge/', remoteModules.challenges],
    ['/challenge/c-1', remoteModules.challenges],
    ['/Challenge/c-1/p-1', remoteModules.challenges],
    ['/tabelle', remoteModules.standings],
    ['/tabelle/c-1', remoteModules.standings],
    ['/club/club-1', remoteModules.club],
    ['/login', remoteModules.auth],
    ['/registration/', remoteModules.auth],
    ['/change-password', remoteModules.auth],
  ])('%s → its screen’s module', (path, expected) => {
    expect(remoteModuleOfPath(path)).toEqual(expected);
  });

  test.each([
    '/',
    '/terms',
    '/profil',
    '/delete',
    '/delete-confirmation',
    '/challenge/a/b/c',
    '/tabelle/a/b',
    '/club',
    '/challenges',
    '/not-found',
  ])('%s → none', (path) => {
    expect(remoteModuleOfPath(path)).toBeNull();
  });
});

describe('remoteFilesOfManifest', () => {
  const manifest = (metaData: object) => ({
    metaData,
    exposes: [
      { path: './A', assets: { js: { sync: ['a.1.js', 'shared.2.js'] } } },
      { path: './B', assets: { js: { sync: ['b.3.js'] } } },
    ],
  });

  test('publicPath auto: the files lie next to the manifest', () => {
    const url = new URL('https://site.example/remotes/mf_x/r1/mf-manifest.json');
    expect(remoteFilesOfManifest(manifest({ remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' }), url, 'A')).toEqual({
      entry: 'https://site.example/remotes/mf_x/r1/remoteEntry.js',
      files: ['https://site.example/remotes/mf_x/r1/a.1.js', 'https://site.example/remotes/mf_x/r1/shared.2.js'],
    });
  });

  test('an explicit publicPath and entry folder; an unknown module has no own files', () => {
    const url = new URL('https://site.example/m/mf-manifest.json');
    expect(
      remoteFilesOfManifest(
        manifest({ remoteEntry: { name: 'remoteEntry.js', path: '/js/' }, publicPath: 'https://cdn.example/x/' }),
        url,
        './B',
      ),
    ).toEqual({
      entry: 'https://cdn.example/x/js/remoteEntry.js',
      files: ['https://cdn.example/x/js/b.3.js'],
    });
    expect(remoteFilesOfManifest(manifest({ remoteEntry: { name: 'e.js' } }), url, './C').files).toEqual([]);
  });

  test('a manifest without an entry is an error', () => {
    expect(() => remoteFilesOfManifest({}, new URL('https://site.example/m.json'), './A')).toThrow(/no remoteEntry/);
    expect(() => remoteFilesOfManifest(null, new URL('https://site.example/m.json'), './A')).toThrow(/no remoteEntry/);
  });
});
