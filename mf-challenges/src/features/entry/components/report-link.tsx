import { ButtonAnchor, Icon } from '@erd/shared-contracts/ui';
import { reportMailto } from '../lib/entry-links';

/** 'Melden': opens the visitor's mail program with a report to the service team. */
export function ReportLink({ serviceEmail, url, participationId }: { serviceEmail: string; url: string; participationId: string }) {
  return (
    <ButtonAnchor variant="ghost" href={reportMailto(serviceEmail, url, participationId)}>
      <Icon name="exclamation-mark" size="xs" color="primary-dark" />
      Melden
    </ButtonAnchor>
  );
}
