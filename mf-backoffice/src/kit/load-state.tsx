import type { Interpolation, Theme } from '@emotion/react';
import type { ReactNode } from 'react';
import { isApiError } from '@erd/shared-contracts';
import { FormMessage } from '@erd/shared-contracts/forms';
import { Button, Spinner } from '@erd/shared-contracts/ui';
import { PasswordChangeRequired } from '../components/password-change-required';
import { Panel } from '../components/screen';
import type { OperatorDataState } from './use-operator-data';

export interface LoadStateProps<T> {
  /** What `useOperatorData` answered (its `reload` is the retry). */
  state: OperatorDataState<T> & { reload?: () => void };
  /** The spinner's label ('Protokoll wird geladen …'). */
  loading: string;
  /** The text when loading failed; a function reads it off the error (a server's message). */
  failed: string | ((error: unknown) => string);
  /** Whether the failure offers 'Erneut laden' (default: yes). */
  retry?: boolean | ((error: unknown) => boolean);
  /**
   * A 400 (the server refused what was asked: a filter) shows the server's message instead of
   * `failed`, without 'Erneut laden' (asking again would not help).
   */
  showRefusal?: boolean;
  /** The text when the thing is gone (404); without it a 404 shows as `failed`. */
  notFound?: string;
  /**
   * How a failure shows: 'panel' (an alert panel with the text and 'Erneut laden', the lists) or
   * 'message' (an error message alone, the edit screens).
   */
  look?: 'panel' | 'message';
  /** The style of the failure's paragraph in the panel. */
  textCss?: Interpolation<Theme>;
  /** More in the failure's panel under the button (a way back). */
  extra?: ReactNode;
  /** What shows with the answer. */
  children?: (data: T) => ReactNode;
}

/**
 * What a screen shows while its data loads or when it could not: the spinner, the failure with
 * 'Erneut laden', 'gone' (404) or the 'choose your own password first' notice; with the answer,
 * `children(data)` (nothing without it). A 'forbidden' state shows nothing: the screen shows its refusal.
 */
export function LoadState<T>({
  state,
  loading,
  failed,
  retry = true,
  showRefusal = false,
  notFound,
  look = 'panel',
  textCss,
  extra,
  children,
}: LoadStateProps<T>) {
  switch (state.status) {
    case 'loading':
      return <Spinner label={loading} />;
    case 'password':
      return <PasswordChangeRequired />;
    case 'ready':
      return <>{children?.(state.data)}</>;
    case 'forbidden':
      return null;
    case 'notFound':
    case 'error': {
      const gone = state.status === 'notFound' && notFound !== undefined;
      const refusal = showRefusal && isApiError(state.error) && state.error.status === 400 ? state.error.message : null;
      const text = gone ? notFound : (refusal ?? (typeof failed === 'function' ? failed(state.error) : failed));
      const again = !gone && refusal === null && (typeof retry === 'function' ? retry(state.error) : retry) && state.reload !== undefined;
      if (look === 'message') return <FormMessage tone="error">{text}</FormMessage>;
      const reload = state.reload;
      return (
        <Panel role="alert">
          <p css={textCss}>{text}</p>
          {again && reload && (
            <Button variant="secondary" onClick={() => reload()}>
              Erneut laden
            </Button>
          )}
          {extra}
        </Panel>
      );
    }
  }
}
