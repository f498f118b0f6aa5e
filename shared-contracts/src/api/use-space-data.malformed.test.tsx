import { renderHook, waitFor } from '@testing-library/react';
import { mockFetch, testConfig } from '@erd/shared-contracts/testing';
import { setRuntimeConfig } from '../runtime-config';
import { useSpaceData } from './use-space-data';

// A file of its own: loadSpaceData() keeps the first answer of the page, here a malformed one.
it('treats an answer of an unexpected shape (a proxy page instead of JSON) as an error', async () => {
  setRuntimeConfig(testConfig);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  mockFetch({ 'GET /content/public/spaces/erd/spacedata': { body: '<html>Wartungsarbeiten</html>' } });
  const { result } = renderHook(() => useSpaceData());
  await waitFor(() => expect(result.current.status).toBe('error'));
  expect(warn).toHaveBeenCalledWith('space data has an unexpected shape');
});
