import { act, renderHook, waitFor } from '@testing-library/react';
import { mockFetch, testConfig } from '@erd/shared-contracts/testing';
import { setRuntimeConfig } from '../runtime-config';
import { useSpaceData } from './use-space-data';

const spaceData = {
  spaceId: 'erd',
  year: { sys: { id: 'year-2026', objectTypeId: 'bfv-erd-year' }, fields: { year: 2026, challenges: [] } },
  site: { sys: { id: 'site', objectTypeId: 'bfv-erd-site' }, fields: {} },
};

// A file of its own: loadSpaceData() keeps the page's answer once it is a good one.
it('treats an answer of an unexpected shape (a proxy page instead of JSON) as an error, and a retry asks again', async () => {
  setRuntimeConfig(testConfig);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  let answer: unknown = '<html>Wartungsarbeiten</html>';
  mockFetch({ 'GET /content/public/spaces/erd/spacedata': () => ({ body: answer }) });
  const { result } = renderHook(() => useSpaceData());
  await waitFor(() => expect(result.current.status).toBe('error'));
  expect(warn).toHaveBeenCalledWith('space data could not be loaded', expect.objectContaining({ code: 'MalformedResponse' }));

  answer = spaceData;
  act(() => result.current.retry());
  await waitFor(() => expect(result.current.status).toBe('success'));
  expect(result.current.data?.year.sys.id).toBe('year-2026');
});
