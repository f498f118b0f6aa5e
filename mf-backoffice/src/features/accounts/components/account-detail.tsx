import { css, type Theme } from '@emotion/react';
import type { RefObject } from 'react';
import type { AccountAdminDto } from '@erd/shared-contracts/backoffice';
import { Button } from '@erd/shared-contracts/ui';
import { factList } from '../../../components/fact-list';
import { buttonRow } from '../../../components/form-styles';
import { Panel } from '../../../components/screen';
import { formatDateTime } from '../../../lib/format';
import { clubText, stateText } from './accounts-format';
import { spaceBelow } from '../../../components/layout-styles';

export type AccountAction = 'resend' | 'block' | 'unblock' | 'delete';

/** One account's state (club, confirmed, blocked and why); admins get its actions. */
export function AccountDetail({
  selected,
  isAdmin,
  headingRef: detailHeading,
  setAction,
  onClose,
}: {
  selected: AccountAdminDto;
  isAdmin: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  setAction: (action: AccountAction) => void;
  onClose: () => void;
}) {
  return (
    <Panel as="section" aria-labelledby="account-detail-title" css={spaceBelow(6)}>
      <h2
        id="account-detail-title"
        ref={detailHeading}
        tabIndex={-1}
        css={(theme: Theme) => css`
          margin: 0 0 ${theme.space(4)};
          font-size: 1.25rem;
          overflow-wrap: anywhere;
          &:focus {
            outline: none;
          }
        `}
      >
        Konto {selected.email}
      </h2>
      <dl
        css={(theme: Theme) => css`
          ${factList(theme, { columns: 'minmax(120px, max-content) 1fr', rowGap: 2 })};
          margin-bottom: ${theme.space(5)};
        `}
      >
        <dt>Verein</dt>
        <dd>{clubText(selected.club)}</dd>
        <dt>Zustand</dt>
        <dd>
          {stateText(selected)}
          {selected.blocked ? ', gesperrt' : ''}
        </dd>
        <dt>Angelegt</dt>
        <dd>{formatDateTime(selected.createdAt)}</dd>
        <dt>Bestätigt</dt>
        <dd>{selected.confirmedAt ? formatDateTime(selected.confirmedAt) : '–'}</dd>
        {selected.blockedAt && (
          <>
            <dt>Gesperrt seit</dt>
            <dd>{formatDateTime(selected.blockedAt)}</dd>
            <dt>Grund der Sperre</dt>
            <dd>{selected.blockedReason ?? '–'}</dd>
          </>
        )}
      </dl>
      <div css={buttonRow}>
        {isAdmin && selected.state === 'UNCONFIRMED' && (
          <Button variant="outline" onClick={() => setAction('resend')}>
            Code erneut senden
          </Button>
        )}
        {isAdmin &&
          (selected.blocked ? (
            <Button variant="outline" onClick={() => setAction('unblock')}>
              Entsperren
            </Button>
          ) : (
            <Button variant="outline" onClick={() => setAction('block')}>
              Sperren
            </Button>
          ))}
        {isAdmin && (
          <Button variant="secondary" onClick={() => setAction('delete')}>
            Löschen
          </Button>
        )}
        <Button variant="ghost" onClick={onClose}>
          Details schließen
        </Button>
      </div>
    </Panel>
  );
}
