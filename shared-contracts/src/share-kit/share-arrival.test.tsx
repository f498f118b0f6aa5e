import { act, screen, waitFor } from '@testing-library/react';
import { Fragment, StrictMode } from 'react';
import { reachPaths, useLocation, type SessionData } from '@erd/shared-contracts';
import type { ReachTarget } from '@erd/shared-contracts/schemas';
import { loggedInSession, mockXhr, renderWithProviders } from '@erd/shared-contracts/testing';
import { ShareArrival } from './share-arrival';

/** Issue 23: a page opened through a share link (`?via=`). */

const entry: ReachTarget = { kind: 'entry', challengeId: 'c-1', participationId: 't-12' };
/** The visit count on the fake network: called with the path and body of each POST, answered as it resolves (a rejection: 500). */
let post: jest.Mock;
/** Whether each counted visit carried an access token (an Authorization header). */
let withToken: boolean[];

function LocationProbe() {
  const { pathname, search, hash } = useLocation();
  return <output aria-label="Adresse">{`${pathname}${search}${hash}`}</output>;
}

/** At `route`; `strict`: under React's StrictMode (effects run twice). */
function renderArrival(
  route: string,
  target: ReachTarget | null = entry,
  { strict = false, session = null }: { strict?: boolean; session?: SessionData | null } = {},
) {
  const Wrap = strict ? StrictMode : Fragment;
  return renderWithProviders(
    <Wrap>
      <ShareArrival target={target} />
      <LocationProbe />
    </Wrap>,
    { route, session },
  );
}

const address = () => screen.getByRole('status', { name: 'Adresse' });
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

beforeEach(() => {
  sessionStorage.clear();
  post = jest.fn().mockResolvedValue({ status: 204, data: null });
  withToken = [];
  mockXhr({
    [`POST ${reachPaths.visits}`]: async (url, init) => {
      withToken.push('authorization' in init.headers);
      return post(url.pathname, JSON.parse(init.body ?? 'null')).then(
        ({ status }: { status: number }) => ({ status }),
        () => ({ status: 500, body: { code: 'InternalError' } }),
      );
    },
  });
});

it('counts the visit once (no token), keeps its channel for the session and takes `via` out of the address', async () => {
  // Signed in: the count still goes without the access token.
  renderArrival('/challenge/c-1/t-12?via=whatsapp&ref=verein#stimme', entry, { session: loggedInSession });
  await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
  expect(post).toHaveBeenCalledWith('/api/reach/visits', { target: entry, via: 'whatsapp' });
  expect(withToken).toEqual([false]);
  expect(sessionStorage.getItem('bfv-erd-share-via')).toBe('whatsapp');
  // Replaced in place: the other parameters and the hash stay.
  await waitFor(() => expect(address()).toHaveTextContent('/challenge/c-1/t-12?ref=verein#stimme'));
  await settle();
  expect(post).toHaveBeenCalledTimes(1);
});

it('under StrictMode (effects twice) the visit is still counted once', async () => {
  const club = { kind: 'club', clubId: 'club-1' } as const;
  renderArrival('/club/club-1?via=qr', club, { strict: true });
  await waitFor(() => expect(address()).toHaveTextContent(/^\/club\/club-1$/));
  await settle();
  expect(post).toHaveBeenCalledTimes(1);
  expect(post).toHaveBeenCalledWith('/api/reach/visits', { target: club, via: 'qr' });
});

it('a failed count goes unnoticed', async () => {
  post.mockRejectedValue(new Error('HTTP 500'));
  renderArrival('/challenge/c-1/t-12?via=story');
  await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(address()).toHaveTextContent(/^\/challenge\/c-1\/t-12$/));
  expect(sessionStorage.getItem('bfv-erd-share-via')).toBe('story');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it.each([
  ['an unknown channel', '?via=newsletter', entry],
  ['no channel', '?ref=verein', entry],
  ['no target (not known yet)', '?via=copy', null],
])('%s: nothing is counted or kept, the address stays', async (_, search, target) => {
  renderArrival(`/challenge/c-1/t-12${search}`, target);
  await settle();
  expect(post).not.toHaveBeenCalled();
  expect(sessionStorage.getItem('bfv-erd-share-via')).toBeNull();
  expect(address()).toHaveTextContent(`/challenge/c-1/t-12${search}`);
});
