import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ApiError } from '@erd/shared-contracts';
import { renderWithProviders } from '@erd/shared-contracts/testing';
import { OperatorSessionProvider, useOperatorSession } from '../../lib/operator-session';
import { LoadState } from '../load-state';
import { type OperatorDataOptions, useOperatorData } from '../use-operator-data';

interface Deferred {
  key: string;
  resolve: (value: string) => void;
  reject: (error: unknown) => void;
}

/** A screen that asks `calls` for the answer to its key; each request waits until the test answers it. */
function setup(options: OperatorDataOptions<string> = {}, notFound?: string) {
  const calls: Deferred[] = [];
  const load = (key: string) =>
    new Promise<string>((resolve, reject) => {
      calls.push({ key, resolve, reject });
    });
  let setKey: (key: string | null) => void = () => undefined;
  let update: (change: (data: string) => string) => void = () => undefined;

  function Session() {
    const { state } = useOperatorSession();
    return <p>session: {state.status === 'signed-out' ? `out ${state.reason}` : state.status}</p>;
  }
  function Screen() {
    const [key, set] = useState<string | null>('a');
    setKey = set;
    const data = useOperatorData(key, () => load(key ?? ''), options);
    update = data.update;
    return (
      <>
        <Session />
        {data.status === 'ready' && data.reloading && <p>reloading</p>}
        {data.status === 'ready' && data.reloadFailed && <p>reload failed</p>}
        <LoadState state={data} loading="Wird geladen …" failed="Ging nicht." notFound={notFound}>
          {(value) => <p>answer: {value}</p>}
        </LoadState>
      </>
    );
  }
  renderWithProviders(
    <OperatorSessionProvider
      check={async () => null}
      initial={{ status: 'signed-in', operator: { email: 'op@example.org', role: 'admin', idleTimeoutSeconds: null } }}
    >
      <Screen />
    </OperatorSessionProvider>,
  );
  return {
    calls,
    setKey: (key: string | null) => act(() => setKey(key)),
    update: (change: (data: string) => string) => act(() => update(change)),
  };
}

const answer = async (call: Deferred | undefined, value: string) => act(async () => call!.resolve(value));
const fail = async (call: Deferred | undefined, error: unknown) => act(async () => call!.reject(error));

it('shows the spinner, then the answer', async () => {
  const { calls } = setup();
  expect(screen.getByText('Wird geladen …')).toBeInTheDocument();
  await answer(calls[0], 'A');
  expect(screen.getByText('answer: A')).toBeInTheDocument();
  expect(calls.map((c) => c.key)).toEqual(['a']);
});

it('ignores an answer that arrives after a newer request started', async () => {
  const { calls, setKey } = setup();
  setKey('b');
  await answer(calls[1], 'B');
  await answer(calls[0], 'A');
  expect(screen.getByText('answer: B')).toBeInTheDocument();
  expect(screen.queryByText('answer: A')).not.toBeInTheDocument();
});

it('shows the spinner for a new key, or with keepPrevious the last answer until the new one comes', async () => {
  const plain = setup();
  await answer(plain.calls[0], 'A');
  plain.setKey('b');
  expect(screen.getByText('Wird geladen …')).toBeInTheDocument();
  expect(screen.queryByText('answer: A')).not.toBeInTheDocument();
  document.body.innerHTML = '';

  const keeping = setup({ keepPrevious: true });
  await answer(keeping.calls[0], 'A');
  keeping.setKey('b');
  expect(screen.getByText('answer: A')).toBeInTheDocument();
  expect(screen.getByText('reloading')).toBeInTheDocument();
  await answer(keeping.calls[1], 'B');
  expect(screen.getByText('answer: B')).toBeInTheDocument();
  expect(screen.queryByText('reloading')).not.toBeInTheDocument();
});

it('compares a list key element by element', async () => {
  const calls: string[] = [];
  function Screen({ page }: { page: number }) {
    const filter = 'same';
    const data = useOperatorData([filter, page], async () => {
      calls.push(`${filter}-${page}`);
      return page;
    });
    return <p>{data.status}</p>;
  }
  const session = { status: 'signed-in', operator: { email: null, role: null, idleTimeoutSeconds: null } } as const;
  const { rerender } = renderWithProviders(
    <OperatorSessionProvider check={async () => null} initial={session}>
      <Screen page={1} />
    </OperatorSessionProvider>,
  );
  await screen.findByText('ready');
  rerender(
    <OperatorSessionProvider check={async () => null} initial={session}>
      <Screen page={1} />
    </OperatorSessionProvider>,
  );
  rerender(
    <OperatorSessionProvider check={async () => null} initial={session}>
      <Screen page={2} />
    </OperatorSessionProvider>,
  );
  await screen.findByText('ready');
  expect(calls).toEqual(['same-1', 'same-2']);
});

it('asks nothing while the key is null', async () => {
  const { calls, setKey } = setup();
  await answer(calls[0], 'A');
  setKey(null);
  expect(calls).toHaveLength(1);
  expect(screen.getByText('Wird geladen …')).toBeInTheDocument();
});

it('shows the failure with "Erneut laden", which asks again', async () => {
  const user = userEvent.setup();
  const { calls } = setup();
  await fail(calls[0], new ApiError('boom', 500, 'HttpError'));
  expect(screen.getByRole('alert')).toHaveTextContent('Ging nicht.');
  await user.click(screen.getByRole('button', { name: 'Erneut laden' }));
  expect(screen.getByText('Wird geladen …')).toBeInTheDocument();
  await answer(calls[1], 'A');
  expect(screen.getByText('answer: A')).toBeInTheDocument();
});

it('signs the operator out ("expired") on 401', async () => {
  const { calls } = setup();
  await fail(calls[0], new ApiError('no', 401, 'Unauthorized'));
  expect(screen.getByText('session: out expired')).toBeInTheDocument();
});

it('shows "choose your own password first" on the 403 PasswordChangeRequired', async () => {
  const { calls } = setup();
  await fail(calls[0], new ApiError('no', 403, 'PasswordChangeRequired'));
  expect(screen.getByRole('alert')).toHaveTextContent('Bitte wähle zuerst ein eigenes Passwort.');
  expect(screen.getByRole('link', { name: 'Jetzt Passwort ändern' })).toBeInTheDocument();
});

it('treats the password answer as any failure with passwordChange: false', async () => {
  const { calls } = setup({ passwordChange: false });
  await fail(calls[0], new ApiError('no', 403, 'PasswordChangeRequired'));
  expect(screen.getByRole('alert')).toHaveTextContent('Ging nicht.');
});

it('shows "gone" without a retry on 404 with notFound, and a failure without it', async () => {
  const gone = setup({ notFound: true }, 'Gibt es nicht mehr.');
  await fail(gone.calls[0], new ApiError('no', 404, 'NotFound'));
  expect(screen.getByRole('alert')).toHaveTextContent('Gibt es nicht mehr.');
  expect(screen.queryByRole('button', { name: 'Erneut laden' })).not.toBeInTheDocument();
  document.body.innerHTML = '';

  const plain = setup();
  await fail(plain.calls[0], new ApiError('no', 404, 'NotFound'));
  expect(screen.getByRole('alert')).toHaveTextContent('Ging nicht.');
  expect(screen.getByRole('button', { name: 'Erneut laden' })).toBeInTheDocument();
});

it('changes the shown answer in place with update', async () => {
  const { calls, update } = setup();
  await answer(calls[0], 'A');
  update((value) => `${value}+`);
  await waitFor(() => expect(screen.getByText('answer: A+')).toBeInTheDocument());
  expect(calls).toHaveLength(1);
});

it('calls onAnswer with each answer it shows', async () => {
  const seen: string[] = [];
  const { calls, setKey } = setup({ onAnswer: (value) => seen.push(value) });
  setKey('b');
  await answer(calls[0], 'A');
  await answer(calls[1], 'B');
  expect(seen).toEqual(['B']);
});

it("keeps the last answer only across reloads with keepPrevious: 'reload'; reload's promise settles with the new answer", async () => {
  let reload: () => Promise<void> = async () => undefined;
  let setKey: (key: string) => void = () => undefined;
  const calls: Deferred[] = [];
  function Screen() {
    const [key, set] = useState('a');
    setKey = set;
    const data = useOperatorData(key, () => new Promise<string>((resolve, reject) => void calls.push({ key, resolve, reject })), {
      keepPrevious: 'reload',
    });
    reload = data.reload;
    return (
      <LoadState state={data} loading="Wird geladen …" failed="Ging nicht.">
        {(value) => <p>answer: {value}</p>}
      </LoadState>
    );
  }
  renderWithProviders(
    <OperatorSessionProvider
      check={async () => null}
      initial={{ status: 'signed-in', operator: { email: null, role: null, idleTimeoutSeconds: null } }}
    >
      <Screen />
    </OperatorSessionProvider>,
  );
  await answer(calls[0], 'A');
  let reloaded = false;
  await act(async () => {
    void reload().then(() => {
      reloaded = true;
    });
  });
  expect(screen.getByText('answer: A')).toBeInTheDocument();
  expect(reloaded).toBe(false);
  await answer(calls[1], 'A2');
  expect(reloaded).toBe(true);
  expect(screen.getByText('answer: A2')).toBeInTheDocument();
  act(() => setKey('b'));
  expect(screen.getByText('Wird geladen …')).toBeInTheDocument();
});

it('keeps the last answer when a newer request fails with keepOnError', async () => {
  const { calls, setKey } = setup({ keepPrevious: true, keepOnError: true });
  await answer(calls[0], 'A');
  setKey('b');
  await fail(calls[1], new ApiError('boom', 500, 'HttpError'));
  expect(screen.getByText('answer: A')).toBeInTheDocument();
  expect(screen.getByText('reload failed')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
