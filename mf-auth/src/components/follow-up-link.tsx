import type { ReactNode } from 'react';
import { Link } from '@erd/shared-contracts';

/** The next step after a message's text ('… Jetzt registrieren'): a space, then the link. */
export function FollowUpLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <>
      {' '}
      <Link to={to}>{children}</Link>
    </>
  );
}
