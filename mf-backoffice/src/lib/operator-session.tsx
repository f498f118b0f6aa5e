import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

/**
 * The operator's session as the back office sees it. The session itself is the http-only
 * `erd_operator` cookie (the page never sees it); this keeps what the screens need to know:
 * whether someone is signed in, who, and with which role.
 *
 * `role` and `idleTimeoutSeconds` come from `GET /api/operator/me` once the server sends them;
 * until then (and from a server without `/me`) they are null: "signed in, role unknown".
 */
export interface OperatorInfo {
  email: string | null;
  /** `moderator` or `admin`; null while the server does not say. */
  role: string | null;
  idleTimeoutSeconds: number | null;
  /**
   * The password is a start password an admin set: the server allows nothing but the own password
   * change until it is changed, so the back office shows nothing else (absent: false).
   */
  mustChangePassword?: boolean;
}

/** Why the sign-in screen shows: the operator signed out, or the session ended on the server. */
export type SignedOutReason = 'signed-out' | 'expired';

export type OperatorSessionState =
  { status: 'checking' } | { status: 'signed-out'; reason: SignedOutReason | null } | { status: 'signed-in'; operator: OperatorInfo };

/** The answer of a session check: the operator, or null when nobody is signed in. */
export type SessionCheck = () => Promise<OperatorInfo | null>;

interface OperatorSessionValue {
  state: OperatorSessionState;
  signedIn: (operator: OperatorInfo) => void;
  signedOut: (reason: SignedOutReason | null) => void;
  /** The check failed (server not reachable): try it again. */
  checkFailed: boolean;
  recheck: () => void;
}

const OperatorSessionContext = createContext<OperatorSessionValue | null>(null);

/**
 * Holds the session state of the back office. With `check`, the session is checked once when the
 * back office opens (a reload keeps the operator signed in); `initial` sets a known state (tests).
 */
export function OperatorSessionProvider({
  check,
  initial = { status: 'checking' },
  children,
}: {
  check: SessionCheck;
  initial?: OperatorSessionState;
  children: ReactNode;
}) {
  const [state, setState] = useState<OperatorSessionState>(initial);
  const [checkFailed, setCheckFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const checking = state.status === 'checking';

  useEffect(() => {
    if (!checking) return undefined;
    let active = true;
    setCheckFailed(false);
    check().then(
      (operator) => {
        if (active) setState(operator ? { status: 'signed-in', operator } : { status: 'signed-out', reason: null });
      },
      () => {
        if (active) setCheckFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [check, checking, attempt]);

  const signedIn = useCallback((operator: OperatorInfo) => setState({ status: 'signed-in', operator }), []);
  const signedOut = useCallback((reason: SignedOutReason | null) => setState({ status: 'signed-out', reason }), []);
  const recheck = useCallback(() => setAttempt((n) => n + 1), []);

  const value = useMemo(() => ({ state, signedIn, signedOut, checkFailed, recheck }), [state, signedIn, signedOut, checkFailed, recheck]);
  return <OperatorSessionContext.Provider value={value}>{children}</OperatorSessionContext.Provider>;
}

export function useOperatorSession(): OperatorSessionValue {
  const value = useContext(OperatorSessionContext);
  if (!value) throw new Error('useOperatorSession needs an OperatorSessionProvider');
  return value;
}

/** Whether an admin is signed in: the screens show moderators the same read-only, without the writing buttons. */
export function signedInAsAdmin(state: OperatorSessionState): boolean {
  return state.status === 'signed-in' && state.operator.role === 'admin';
}
