import { act, renderHook, waitFor } from '@testing-library/react';
import { mockFetch, testConfig } from '@erd/shared-contracts/testing';
import { setRuntimeConfig } from '../runtime-config';
import { useSpaceData } from './use-space-data';

const SPACEDATA = 'GET /content/public/spaces/erd/spacedata';
const minimal = {
  spaceId: 'erd',
  year: { sys: { id: 'year-2026' }, fields: { year: 2026, challenges: [] } },
  site: { sys: { id: 'site' }, fields: {} },
};

beforeEach(() => {
  setRuntimeConfig(testConfig);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

it('loads the space data; a failed load is an error that can be retried', async () => {
  let calls = 0;
  mockFetch({ [SPACEDATA]: () => (++calls === 1 ? { status: 500, body: { code: 'Boom' } } : { body: minimal }) });
  const { result } = renderHook(() => useSpaceData());
  expect(result.current.status).toBe('loading');
  await waitFor(() => expect(result.current.status).toBe('error'));
  act(() => result.current.retry());
  expect(result.current.status).toBe('loading');
  await waitFor(() => expect(result.current.status).toBe('success'));
  expect(result.current.data?.year.fields.challenges).toEqual([]);
});
