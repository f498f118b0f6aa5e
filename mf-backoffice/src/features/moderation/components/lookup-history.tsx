import { css, type Theme } from '@emotion/react';
import {
  WERBERAT_CHECK_KEYS,
  WERBERAT_CHECKS,
  type ModerationHistoryItemDto,
  type ModerationLookupDto,
} from '@erd/shared-contracts/backoffice';
import { formatDateTime } from '../../../lib/format';

import { lookupTexts } from './lookup-texts';
import { TableHead } from '../../../components/list-table';

const ACTION_LABELS: Record<string, string> = {
  publish: 'Freigegeben',
  reject: 'Abgelehnt',
  'remove-votes': 'Stimmen entfernt',
};

/** The id from what was pasted: the id itself (also with the e-mail's 'Beitrags-ID: '), or the last part of the entry's link (`…/challenge/{challengeId}/{id}`). */
function ChecklistSummary({ item }: { item: ModerationHistoryItemDto }) {
  if (!item.checklist) return <>–</>;
  const checklist = item.checklist;
  return (
    <ul
      css={css`
        margin: 0;
        padding-left: 1.1em;
      `}
    >
      {WERBERAT_CHECK_KEYS.map((key) => (
        <li key={key}>
          {WERBERAT_CHECKS[key].label}: {checklist[key] ? 'bestätigt' : 'nicht erfüllt'}
        </li>
      ))}
    </ul>
  );
}

/** 'Verlauf': every decision on the entry, with who, why and the checklist. */
export function LookupHistory({ found }: { found: ModerationLookupDto }) {
  return (
    <>
      <h4
        css={(theme: Theme) => css`
          margin: 0 0 ${theme.space(2)};
          font-size: 1rem;
        `}
      >
        Verlauf
      </h4>
      {found.history.length === 0 ? (
        <p
          css={css`
            margin: 0;
          `}
        >
          {lookupTexts.noHistory}
        </p>
      ) : (
        <div
          css={css`
            overflow-x: auto;
          `}
        >
          <table
            css={(theme: Theme) => css`
              width: 100%;
              border-collapse: collapse;
              th,
              td {
                padding: ${theme.space(2)} ${theme.space(3)};
                border-bottom: 1px solid ${theme.colors.border};
                text-align: left;
                vertical-align: top;
              }
              th,
              td:nth-of-type(-n + 2) {
                white-space: nowrap;
              }
              td:nth-of-type(n + 3) {
                min-width: 8rem;
                overflow-wrap: anywhere;
              }
            `}
          >
            <caption
              css={css`
                text-align: left;
                position: absolute;
                width: 1px;
                height: 1px;
                overflow: hidden;
                clip: rect(0 0 0 0);
              `}
            >
              Entscheidungen zu Beitrag {found.id}, älteste zuerst
            </caption>
            <TableHead columns={['Zeitpunkt', 'Aktion', 'Wer', 'Grund', 'Checkliste']} />
            <tbody>
              {found.history.map((item) => (
                <tr key={item.id}>
                  <td>
                    <time dateTime={item.at}>{formatDateTime(item.at)}</time>
                  </td>
                  <td>{ACTION_LABELS[item.action] ?? item.action}</td>
                  <td>{item.actor}</td>
                  <td>{item.reason ?? '–'}</td>
                  <td>
                    <ChecklistSummary item={item} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
