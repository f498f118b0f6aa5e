import { getRuntimeConfig } from '@erd/shared-contracts';
import { NotFoundScreen } from '@erd/shared-contracts/ui';
import { useDocumentTitle } from '../hooks/use-document-title';

/** The site's 404 screen, shown in place (the URL stays). */
export function ChallengesNotFound() {
  useDocumentTitle('kein Treffer');
  return <NotFoundScreen productName={getRuntimeConfig().productName} />;
}
