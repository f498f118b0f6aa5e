import { getRuntimeConfig, useDocumentTitle } from '@erd/shared-contracts';
import { NotFoundScreen } from '@erd/shared-contracts/ui';

/** The site's 404 screen, shown in place (the URL stays). */
export function ChallengesNotFound() {
  useDocumentTitle(`kein Treffer – ${getRuntimeConfig().productName}`);
  return <NotFoundScreen productName={getRuntimeConfig().productName} />;
}
