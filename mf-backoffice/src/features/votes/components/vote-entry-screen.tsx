import { css, type Theme } from '@emotion/react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, Link, useParams } from '@erd/shared-contracts';
import {
  type VoteEntryDetailDto,
  type VoteRecordPageDto,
  type VoteRecordStateDto,
  votesAdminScreens,
} from '@erd/shared-contracts/backoffice';
import { FieldLabel, FormMessage, TextField } from '@erd/shared-contracts/forms';
import { Badge, Button, Spinner } from '@erd/shared-contracts/ui';
import { isPasswordChangeRequired, PasswordChangeRequired } from '../../../components/password-change-required';
import { Panel, ScreenHeader } from '../../../components/screen';
import { Pager } from '../../../components/pager';
import { selectStyle, table, tableFrame, visuallyHidden } from '../../../components/table-styles';
import { formatDateTime } from '../../../lib/format';
import { previewUrl } from '../../../lib/media';
import { useOperatorSession } from '../../../lib/operator-session';
import { getVoteEntry } from '../api/get-vote-entry';
import { listEntryVotes, VOTE_RECORD_PAGE_SIZE } from '../api/list-entry-votes';
import { clubOf, entrySummary, shortHash, votesLabel } from './format';
import { RemoveVotesDialog, type RemoveOutcome, type VoteSelection } from './remove-votes-dialog';

export const voteEntryTexts = {
  loading: 'Die Stimmen werden geladen …',
  loadFailed: 'Die Stimmen konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  gone: 'Diesen Beitrag gibt es nicht (mehr), oder er ist nicht veröffentlicht.',
  votesLoading: 'Stimmen werden geladen …',
  noVotes: 'Keine Stimme passt zum Filter.',
} as const;

const STATE_LABELS: Record<VoteRecordStateDto, string> = { all: 'Alle', counted: 'Gezählt', removed: 'Entfernt' };

type Detail = { status: 'loading' } | { status: 'error' } | { status: 'gone' } | { status: 'password' } | { status: 'ready'; detail: VoteEntryDetailDto };
type Votes = { status: 'loading' } | { status: 'error' } | { status: 'ready'; page: VoteRecordPageDto };
interface VoteFilter {
  ipHash: string;
  minute: string;
  state: VoteRecordStateDto;
  from: number;
}
interface Pending {
  selection: VoteSelection;
  description: string;
}

const heading = (theme: Theme) => css`
  margin: ${theme.space(8)} 0 ${theme.space(3)};
  font-size: 1.25rem;
`;
const buttonRow = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(2)};
`;
const scrollFrame = (theme: Theme) => css`
  ${tableFrame(theme)};
  max-height: 24rem;
  overflow-y: auto;
`;

/**
 * The review of one entry's votes: the counts, the removals with their reasons, the votes per hour,
 * the addresses (hashed, shortened) with their votes, the minutes with a burst, and the vote
 * records filtered by address, minute and state and paged on the server. Votes picked one by one,
 * all counted votes of an address or of a minute go with 'Stimmen entfernen' and a reason; the
 * count on the screen follows at once.
 */
export function VoteEntryScreen() {
  const { participationId = '' } = useParams();
  const { signedOut } = useOperatorSession();
  const [detail, setDetail] = useState<Detail>({ status: 'loading' });
  const [votes, setVotes] = useState<Votes>({ status: 'loading' });
  const [filter, setFilter] = useState<VoteFilter>({ ipHash: '', minute: '', state: 'all', from: 0 });
  const [draft, setDraft] = useState({ ipHash: '', state: 'all' as VoteRecordStateDto });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const detailRequest = useRef(0);
  const votesRequest = useRef(0);
  const votesHeading = useRef<HTMLHeadingElement>(null);

  const failed = useCallback(
    (error: unknown): 'gone' | 'error' | 'password' | null => {
      if (isApiError(error) && error.status === 401) {
        signedOut('expired');
        return null;
      }
      if (isPasswordChangeRequired(error)) return 'password';
      return isApiError(error) && error.status === 404 ? 'gone' : 'error';
    },
    [signedOut],
  );

  const loadDetail = useCallback(async () => {
    const id = ++detailRequest.current;
    try {
      const next = await getVoteEntry(participationId);
      if (id === detailRequest.current) setDetail({ status: 'ready', detail: next });
    } catch (error) {
      const outcome = failed(error);
      if (id === detailRequest.current && outcome) setDetail({ status: outcome });
    }
  }, [participationId, failed]);

  const loadVotes = useCallback(async () => {
    const id = ++votesRequest.current;
    setVotes((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    try {
      const page = await listEntryVotes(participationId, { ...filter, size: VOTE_RECORD_PAGE_SIZE });
      if (id === votesRequest.current) {
        setVotes({ status: 'ready', page });
        setSelected(new Set());
      }
    } catch (error) {
      const outcome = failed(error);
      if (id === votesRequest.current && outcome) setVotes({ status: 'error' });
    }
  }, [participationId, filter, failed]);

  useEffect(() => {
    void loadDetail();
  }, [loadDetail]);
  useEffect(() => {
    void loadVotes();
  }, [loadVotes]);

  const showVotes = (next: Partial<VoteFilter>) => {
    const merged = { ...filter, ipHash: '', minute: '', from: 0, ...next };
    setDraft({ ipHash: merged.ipHash, state: merged.state });
    setFilter(merged);
    votesHeading.current?.focus();
  };

  const onFilter = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...filter, ipHash: draft.ipHash.trim(), state: draft.state, from: 0 });
  };

  const onRemoved = (outcome: RemoveOutcome) => {
    setPending(null);
    if (outcome.status === 'unauthorized') {
      signedOut('expired');
      return;
    }
    if (outcome.status === 'gone') {
      setDetail({ status: 'gone' });
      return;
    }
    const { removed, votes: count } = outcome.result;
    setNotice(
      removed === 0
        ? 'Es wurde keine Stimme entfernt: Die ausgewählten Stimmen waren schon entfernt.'
        : `${votesLabel(removed)} entfernt. Jetzt zählen ${votesLabel(count)}.`,
    );
    // The count follows at once; the rest of the screen is read again.
    setDetail((current) => (current.status === 'ready' ? { status: 'ready', detail: { ...current.detail, entry: { ...current.detail.entry, votes: count } } } : current));
    void loadDetail();
    void loadVotes();
  };

  if (detail.status === 'loading') return <Spinner label={voteEntryTexts.loading} />;
  if (detail.status === 'password') {
    return (
      <section aria-labelledby="vote-entry-title">
        <ScreenHeader title="Stimmen prüfen" titleId="vote-entry-title" />
        <PasswordChangeRequired />
      </section>
    );
  }
  if (detail.status === 'gone' || detail.status === 'error') {
    return (
      <section aria-labelledby="vote-entry-title">
        <ScreenHeader title="Stimmen prüfen" titleId="vote-entry-title" />
        <Panel role="alert">
          <p>{detail.status === 'gone' ? voteEntryTexts.gone : voteEntryTexts.loadFailed}</p>
          {detail.status === 'error' && (
            <Button variant="secondary" onClick={() => void loadDetail()}>
              Erneut laden
            </Button>
          )}
          <p>
            <Link to={votesAdminScreens.list}>Zurück zu den Stimmen</Link>
          </p>
        </Panel>
      </section>
    );
  }

  const d = detail.detail;
  const entry = d.entry;
  const club = clubOf(entry);
  const maxHour = Math.max(1, ...d.timeline.map((b) => b.counted + b.removed));
  const page = votes.status === 'ready' ? votes.page : null;
  const counted = page ? page.items.filter((v) => !v.removedAt) : [];
  const pages = page ? Math.max(1, Math.ceil(page.total / VOTE_RECORD_PAGE_SIZE)) : 1;
  const current = Math.floor(filter.from / VOTE_RECORD_PAGE_SIZE) + 1;
  const allSelected = counted.length > 0 && counted.every((v) => selected.has(v.id));

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section aria-labelledby="vote-entry-title">
      <p
        css={(theme: Theme) => css`
          margin: 0 0 ${theme.space(3)};
        `}
      >
        <Link to={votesAdminScreens.list}>← Alle Beiträge</Link>
      </p>
      <ScreenHeader title={`Stimmen: ${club}`} titleId="vote-entry-title" intro={`${entry.challengeHeadline} – ${entrySummary(entry)}`} />

      <Panel
        css={(theme: Theme) => css`
          display: flex;
          flex-wrap: wrap;
          gap: ${theme.space(6)};
          align-items: flex-start;
        `}
      >
        {entry.image && (
          <img
            src={previewUrl(entry.image)}
            alt={`Das Bild von ${club}`}
            css={css`
              max-width: 200px;
              max-height: 200px;
              object-fit: contain;
            `}
          />
        )}
        <dl
          css={(theme: Theme) => css`
            display: grid;
            grid-template-columns: auto auto;
            gap: ${theme.space(1)} ${theme.space(4)};
            margin: 0;
            dt {
              font-weight: 700;
            }
            dd {
              margin: 0;
            }
          `}
        >
          <dt>Gezählte Stimmen</dt>
          <dd data-testid="counted-votes">{entry.votes}</dd>
          <dt>Entfernte Stimmen</dt>
          <dd>{entry.removed}</dd>
          <dt>Stimmen insgesamt</dt>
          <dd>{d.total}</dd>
          <dt>Adressen</dt>
          <dd>{d.addresses}</dd>
          <dt>Status</dt>
          <dd>{entry.flagged ? <Badge>Auffällig</Badge> : 'Unauffällig'}</dd>
        </dl>
        <p
          css={css`
            flex: 1 1 240px;
            margin: 0;
          `}
        >
          Auffällig sind ab {d.thresholds.addressMinVotes} gezählte Stimmen von einer Adresse oder ab {d.thresholds.minuteMinVotes} gezählte Stimmen in
          einer Minute. Adressen sind nur als Hash gespeichert (die ersten 8 Zeichen stehen hier).
        </p>
      </Panel>

      <div role="status" aria-live="polite">
        {notice && (
          <div
            css={(theme: Theme) => css`
              margin-top: ${theme.space(4)};
            `}
          >
            <FormMessage tone="success">{notice}</FormMessage>
          </div>
        )}
      </div>

      {d.removals.length > 0 && (
        <>
          <h2 css={heading}>Entfernte Stimmen</h2>
          <ul>
            {d.removals.map((r) => (
              <li key={r.reason}>
                {votesLabel(r.count)}: {r.reason} (zuletzt {formatDateTime(r.at)})
              </li>
            ))}
          </ul>
        </>
      )}

      <h2 css={heading}>Auffällige Minuten</h2>
      {d.burstMinutes.length === 0 ? (
        <p>Keine Minute mit {d.thresholds.minuteMinVotes} oder mehr gezählten Stimmen.</p>
      ) : (
        <div role="region" aria-label="Auffällige Minuten" tabIndex={0} css={tableFrame}>
          <table css={table}>
            <thead>
              <tr>
                <th scope="col">Minute</th>
                <th scope="col">Gezählt</th>
                <th scope="col">Adressen</th>
                <th scope="col">Aktionen</th>
              </tr>
            </thead>
            <tbody>
              {d.burstMinutes.map((m) => {
                const when = formatDateTime(m.minute);
                return (
                  <tr key={m.minute}>
                    <th scope="row">{when}</th>
                    <td>{m.counted}</td>
                    <td>{m.addresses}</td>
                    <td>
                      <div css={buttonRow}>
                        <Button variant="outline" aria-label={`Stimmen zeigen – Minute ${when}`} onClick={() => showVotes({ minute: m.minute })}>
                          Stimmen zeigen
                        </Button>
                        <Button
                          variant="secondary"
                          aria-label={`Alle entfernen – Minute ${when}`}
                          onClick={() =>
                            setPending({ selection: { minute: m.minute }, description: `Alle ${votesLabel(m.counted)} der Minute ${when} zählen danach nicht mehr.` })
                          }
                        >
                          Alle entfernen
                        </Button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <h2 css={heading}>Adressen</h2>
      <p>Die {d.topAddresses.length === 1 ? 'Adresse' : `${d.topAddresses.length} Adressen`} mit den meisten gezählten Stimmen (von {d.addresses}).</p>
      <div role="region" aria-label="Adressen" tabIndex={0} css={scrollFrame}>
        <table css={table}>
          <thead>
            <tr>
              <th scope="col">Adresse (Hash)</th>
              <th scope="col">Gezählt</th>
              <th scope="col">Entfernt</th>
              <th scope="col">Erste / letzte Stimme</th>
              <th scope="col">Aktionen</th>
            </tr>
          </thead>
          <tbody>
            {d.topAddresses.map((a) => {
              const short = shortHash(a.ipHash);
              return (
                <tr key={a.ipHash}>
                  <th scope="row">
                    <code title={a.ipHash}>{short}</code>
                    {a.flagged && (
                      <>
                        {' '}
                        <Badge>Auffällig</Badge>
                      </>
                    )}
                  </th>
                  <td>{a.counted}</td>
                  <td>{a.removed}</td>
                  <td>
                    {formatDateTime(a.first)}
                    <br />
                    {formatDateTime(a.last)}
                  </td>
                  <td>
                    <div css={buttonRow}>
                      <Button variant="outline" aria-label={`Stimmen zeigen – Adresse ${short}`} onClick={() => showVotes({ ipHash: a.ipHash })}>
                        Stimmen zeigen
                      </Button>
                      {a.counted > 0 && (
                        <Button
                          variant="secondary"
                          aria-label={`Alle entfernen – Adresse ${short}`}
                          onClick={() =>
                            setPending({
                              selection: { ipHash: a.ipHash },
                              description: `Alle ${votesLabel(a.counted)} von der Adresse ${short} zählen danach nicht mehr.`,
                            })
                          }
                        >
                          Alle entfernen
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <h2 css={heading}>Stimmen je Stunde</h2>
      {d.timeline.length === 0 ? (
        <p>Noch keine Stimmen.</p>
      ) : (
        <div role="region" aria-label="Stimmen je Stunde" tabIndex={0} css={scrollFrame}>
          <table css={table}>
            <thead>
              <tr>
                <th scope="col">Stunde</th>
                <th scope="col">Gezählt</th>
                <th scope="col">Entfernt</th>
                <th scope="col">
                  <span css={visuallyHidden}>Verlauf</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {d.timeline.map((b) => (
                <tr key={b.at}>
                  <th scope="row">{formatDateTime(b.at)}</th>
                  <td>{b.counted}</td>
                  <td>{b.removed}</td>
                  <td
                    aria-hidden="true"
                    css={css`
                      width: 40%;
                    `}
                  >
                    <div
                      css={(theme: Theme) => css`
                        display: flex;
                        height: 12px;
                        width: ${Math.max(1, Math.round(((b.counted + b.removed) / maxHour) * 100))}%;
                        background: ${theme.colors.border};
                      `}
                    >
                      <div
                        css={(theme: Theme) => css`
                          width: ${Math.round((b.counted / Math.max(1, b.counted + b.removed)) * 100)}%;
                          background: ${theme.colors.primaryDark};
                        `}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2 css={heading} ref={votesHeading} tabIndex={-1}>
        Einzelne Stimmen
      </h2>
      <Panel
        css={(theme: Theme) => css`
          margin-bottom: ${theme.space(4)};
        `}
      >
        <form
          role="search"
          aria-label="Stimmen filtern"
          noValidate
          onSubmit={onFilter}
          css={(theme: Theme) => css`
            display: flex;
            flex-wrap: wrap;
            align-items: flex-end;
            gap: ${theme.space(4)};
            & > div {
              flex: 1 1 220px;
            }
          `}
        >
          <TextField label="Adresse (Hash)" name="ipHash" maxLength={64} value={draft.ipHash} onChange={(e) => setDraft({ ...draft, ipHash: e.target.value })} />
          <div>
            <FieldLabel htmlFor="votes-state">Stimmen</FieldLabel>
            <select id="votes-state" value={draft.state} onChange={(e) => setDraft({ ...draft, state: e.target.value as VoteRecordStateDto })} css={selectStyle}>
              {(Object.keys(STATE_LABELS) as VoteRecordStateDto[]).map((s) => (
                <option key={s} value={s}>
                  {STATE_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="primary">
            Filtern
          </Button>
        </form>
        {filter.minute && (
          <p>
            Nur die Minute {formatDateTime(filter.minute)}.{' '}
            <Button variant="ghost" onClick={() => setFilter({ ...filter, minute: '', from: 0 })}>
              Minute nicht mehr filtern
            </Button>
          </p>
        )}
      </Panel>

      {votes.status === 'loading' && <Spinner label={voteEntryTexts.votesLoading} />}
      {votes.status === 'error' && (
        <Panel role="alert">
          <p>{voteEntryTexts.loadFailed}</p>
          <Button variant="secondary" onClick={() => void loadVotes()}>
            Erneut laden
          </Button>
        </Panel>
      )}
      {page && (
        <>
          <div
            css={(theme: Theme) => css`
              display: flex;
              flex-wrap: wrap;
              align-items: center;
              justify-content: space-between;
              gap: ${theme.space(3)};
              margin-bottom: ${theme.space(3)};
            `}
          >
            <p aria-live="polite" css={css`margin: 0;`}>
              {page.total === 0 ? voteEntryTexts.noVotes : `${votesLabel(page.total)}, Seite ${current} von ${pages}`}
            </p>
            <Button
              variant="secondary"
              disabled={selected.size === 0}
              onClick={() =>
                setPending({
                  selection: { ids: [...selected] },
                  description: `${selected.size === 1 ? 'Die ausgewählte Stimme zählt' : `Die ${selected.size} ausgewählten Stimmen zählen`} danach nicht mehr.`,
                })
              }
            >
              Stimmen entfernen ({selected.size})
            </Button>
          </div>
          {page.items.length > 0 && (
            <div role="region" aria-label="Einzelne Stimmen" tabIndex={0} css={tableFrame}>
              <table css={table}>
                <caption css={visuallyHidden}>
                  Stimmen, neueste zuerst, Seite {current} von {pages}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <input
                        type="checkbox"
                        aria-label="Alle gezählten Stimmen dieser Seite auswählen"
                        checked={allSelected}
                        disabled={counted.length === 0}
                        onChange={() => setSelected(allSelected ? new Set() : new Set(counted.map((v) => v.id)))}
                      />
                    </th>
                    <th scope="col">Zeit</th>
                    <th scope="col">Adresse (Hash)</th>
                    <th scope="col">Browser</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((v) => {
                    const when = formatDateTime(v.createdAt);
                    return (
                      <tr key={v.id}>
                        <td>
                          {!v.removedAt && (
                            <input
                              type="checkbox"
                              aria-label={`Stimme vom ${when} von Adresse ${shortHash(v.ipHash)} auswählen`}
                              checked={selected.has(v.id)}
                              onChange={() => toggle(v.id)}
                            />
                          )}
                        </td>
                        <td>{new Date(v.createdAt).toLocaleString('de-DE', { timeZone: 'Europe/Berlin' })}</td>
                        <td>
                          <code title={v.ipHash}>{shortHash(v.ipHash)}</code>
                        </td>
                        <td>
                          {v.userAgent ?? '–'}
                          {v.member ? ' (Vereinskonto)' : ''}
                        </td>
                        <td>{v.removedAt ? `Entfernt: ${v.removalReason ?? ''} (${formatDateTime(v.removedAt)})` : 'Gezählt'}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          {page.total > VOTE_RECORD_PAGE_SIZE && (
            <Pager label="Seiten der Stimmen" page={current} pages={pages} onPage={(n) => setFilter({ ...filter, from: (n - 1) * VOTE_RECORD_PAGE_SIZE })} />
          )}
        </>
      )}

      {pending && (
        <RemoveVotesDialog
          participationId={entry.participationId}
          selection={pending.selection}
          description={`${pending.description} ${club} sieht bei seinem Beitrag, dass Stimmen entfernt wurden, und den Grund.`}
          onCancel={() => setPending(null)}
          onDone={onRemoved}
        />
      )}
    </section>
  );
}
