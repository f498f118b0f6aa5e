import { Link } from '@erd/shared-contracts';
import { backofficePaths } from '@erd/shared-contracts/backoffice';
import { Panel, ScreenHeader } from '../components/screen';

/** An address below /backoffice that is no screen. */
export function BackofficeNotFound() {
  return (
    <>
      <ScreenHeader title="Seite nicht gefunden" />
      <Panel>
        <p>Diese Seite gibt es im Backoffice nicht.</p>
        <Link to={backofficePaths.moderation}>Zur Moderation</Link>
      </Panel>
    </>
  );
}
