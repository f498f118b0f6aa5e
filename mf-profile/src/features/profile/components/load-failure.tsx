import { Link, paths } from '@erd/shared-contracts';
import { Button } from '@erd/shared-contracts/ui';
import { FormMessage } from '@erd/shared-contracts/forms';
import { rememberProfile } from '../lib/remember-profile';

/**
 * A part of the profile page found the member's session ended: the part's own text, then
 * 'Zum Login', which brings the member back to the profile after the login.
 */
export function SessionEnded({ text }: { text: string }) {
  return (
    <FormMessage tone="error">
      {text}{' '}
      <Link to={paths.login} onClick={rememberProfile}>
        Zum Login
      </Link>
    </FormMessage>
  );
}

/** A section of the profile page could not load its data: the session ended, or its failure text with 'Erneut laden'. */
export function LoadFailure({
  unauthorized,
  texts,
  onReload,
}: {
  unauthorized: boolean;
  texts: { sessionEnded: string; loadFailed: string };
  onReload: () => void;
}) {
  if (unauthorized) return <SessionEnded text={texts.sessionEnded} />;
  return (
    <div css={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
      <FormMessage tone="error">{texts.loadFailed}</FormMessage>
      <Button variant="secondary" onClick={onReload}>
        Erneut laden
      </Button>
    </div>
  );
}
