import { css, type Theme } from '@emotion/react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { isApiError, Link, useParams } from '@erd/shared-contracts';
import type { AdminSeasonChallengeDto, AdminSeasonDto } from '@erd/shared-contracts/schemas';
import { FormMessage } from '@erd/shared-contracts/forms';
import { Button, ButtonLink, Spinner } from '@erd/shared-contracts/ui';
import { isPasswordChangeRequired, PasswordChangeRequired } from '../../../components/password-change-required';
import { Panel, ScreenHeader } from '../../../components/screen';
import { visuallyHidden } from '../../../components/table-styles';
import { formatDateTime } from '../../../lib/format';
import { useOperatorSession } from '../../../lib/operator-session';
import {
  duplicateChallenge,
  endPreview,
  getSeason,
  removeChallenge,
  restoreChallenge,
  saveOrder,
  startPreview,
  switchSeason,
  withdrawChallenge,
} from '../api/seasons';
import { challengeEditPath, entriesText, failureOf, germanDay, SEASONS_PATH, seasonTexts, TYPE_LABELS } from '../lib';
import { ActionDialog } from './action-dialog';
import { NewChallengeForm } from './new-challenge-form';
import { PublicMarker, StateBadge } from './state-badge';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'password' } | { status: 'ready'; season: AdminSeasonDto };
type RowAction = 'remove' | 'withdraw' | 'restore' | 'duplicate';
type Pending = { kind: RowAction; challenge: AdminSeasonChallengeDto } | { kind: 'order' } | { kind: 'switch' };
type Notice = { tone: 'success' | 'error' | 'info'; text: string } | null;

const byPosition = (items: readonly AdminSeasonChallengeDto[]) => [...items].sort((a, b) => a.position - b.position).map((c) => c.id);

const smallButton = (theme: Theme) => css`
  min-height: 40px;
  padding: ${theme.space(1.5)} ${theme.space(3)};
  font-size: 0.875rem;
  letter-spacing: 0;
  text-transform: none;
`;

/**
 * One season ('Saisons' › 'Saison 2027'): its challenges in their order with type, public #n, days,
 * entries and withdrawal. Admins edit, duplicate, remove (without entries) or withdraw and restore
 * them, move them and save the order, add new ones and switch the public site to the season; in the
 * public season each change is confirmed first (`confirmLive`). Every operator may preview it.
 */
export function SeasonScreen() {
  const { yearId = '' } = useParams();
  const { state, signedOut } = useOperatorSession();
  const isAdmin = state.status === 'signed-in' && state.operator.role === 'admin';
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [order, setOrder] = useState<string[]>([]);
  const [pending, setPending] = useState<Pending | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<{ message: string; field: string | null } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [previewOn, setPreviewOn] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const [moved, setMoved] = useState<{ id: string; dir: 'up' | 'down' } | null>(null);
  const request = useRef(0);

  const reload = useCallback(async () => {
    const id = ++request.current;
    try {
      const season = await getSeason(yearId);
      if (id !== request.current) return;
      setLoad({ status: 'ready', season });
      setOrder(byPosition(season.challengeItems));
    } catch (error) {
      if (id !== request.current) return;
      if (isPasswordChangeRequired(error)) return setLoad({ status: 'password' });
      const f = failureOf(error);
      if (f.kind === 'expired') return signedOut('expired');
      const message = isApiError(error) && error.status === 404 ? seasonTexts.notFound : f.status === 403 ? f.message : seasonTexts.loadOneFailed;
      setLoad({ status: 'error', message });
    }
  }, [yearId, signedOut]);

  useEffect(() => {
    setLoad({ status: 'loading' });
    void reload();
  }, [reload]);

  // A moved challenge keeps the focus on its button (or on the other one at the top or the bottom).
  useLayoutEffect(() => {
    if (!moved) return;
    const other = moved.dir === 'up' ? 'down' : 'up';
    (moveButtons.current.get(`${moved.id}:${moved.dir}`) ?? moveButtons.current.get(`${moved.id}:${other}`))?.focus();
    setMoved(null);
  }, [moved]);

  // After a change the message takes the focus when the button that started it is gone (a removed challenge).
  useEffect(() => {
    if (notice && (document.activeElement === document.body || document.activeElement === null)) noticeRef.current?.focus();
  }, [notice, load]);

  if (load.status === 'loading') return <Spinner label={seasonTexts.loadingOne} />;
  if (load.status === 'password') return <PasswordChangeRequired />;
  if (load.status === 'error') {
    return (
      <>
        <BackLink />
        <FormMessage tone="error">{load.message}</FormMessage>
      </>
    );
  }

  const season = load.season;
  const live = season.current;
  const items = new Map(season.challengeItems.map((c) => [c.id, c]));
  const ordered = order.map((id) => items.get(id)).filter((c): c is AdminSeasonChallengeDto => c !== undefined);
  const serverOrder = byPosition(season.challengeItems);
  const orderChanged = order.join('\n') !== serverOrder.join('\n');
  let shown = 0;
  const numbers = new Map(ordered.map((c) => [c.id, c.withdrawn ? null : ++shown]));

  /** After a change: the season as the server has it now, then the message (both at once on screen). */
  const done = async (text: string) => {
    await reload();
    setPending(null);
    setFailure(null);
    setNotice({ tone: 'success', text });
  };

  const run = async (action: Pending, reason: string | undefined) => {
    setSending(true);
    setFailure(null);
    const confirmLive = live ? { confirmLive: true } : {};
    try {
      if (action.kind === 'order') {
        await saveOrder(season.id, { ids: order, ...confirmLive });
        await done('Reihenfolge gespeichert.');
      } else if (action.kind === 'switch') {
        await switchSeason({ yearId: season.id, reason: reason ?? '', confirm: true });
        await done(`Die öffentliche Seite zeigt jetzt die Saison ${season.year} (ab dem nächsten Seitenaufruf).`);
      } else {
        const { challenge } = action;
        const name = `„${challenge.headline}“`;
        if (action.kind === 'duplicate') {
          await duplicateChallenge(challenge.id, live);
          await done(`${name} dupliziert: Die Kopie steht direkt darunter.`);
        } else if (action.kind === 'remove') {
          await removeChallenge(challenge.id, { reason: reason ?? '', ...confirmLive });
          await done(`${name} entfernt.`);
        } else if (action.kind === 'withdraw') {
          await withdrawChallenge(challenge.id, { reason: reason ?? '', ...confirmLive });
          await done(`${name} zurückgezogen: Sie ist nicht mehr in der öffentlichen Saison, ihre Beiträge bleiben gespeichert.`);
        } else {
          await restoreChallenge(challenge.id, { reason: reason ?? '' });
          await done(`${name} wiederhergestellt.`);
        }
      }
    } catch (error) {
      const f = failureOf(error);
      if (f.kind === 'expired') return signedOut('expired');
      // With a dialog the answer stays in it; a change without one reports below the title.
      if (pending) setFailure({ message: f.message, field: f.field });
      else setNotice({ tone: 'error', text: f.message });
    } finally {
      setSending(false);
    }
  };

  /** A change without a reason runs at once outside the public season and asks first in it. */
  const start = (action: Pending) => {
    setNotice(null);
    setFailure(null);
    const needsDialog = action.kind === 'switch' || action.kind === 'remove' || action.kind === 'withdraw' || action.kind === 'restore' || live;
    if (needsDialog) setPending(action);
    else void run(action, undefined);
  };

  const move = (index: number, dir: 'up' | 'down') => {
    const to = dir === 'up' ? index - 1 : index + 1;
    const next = [...order];
    const [id] = next.splice(index, 1);
    next.splice(to, 0, id!);
    setOrder(next);
    setNotice(null);
    setMoved({ id: id!, dir });
  };

  const preview = async () => {
    setNotice(null);
    try {
      await startPreview(season.id);
      setPreviewOn(true);
      window.open('/', '_blank', 'noopener');
    } catch (error) {
      const f = failureOf(error);
      if (f.kind === 'expired') return signedOut('expired');
      setNotice({ tone: 'error', text: f.message });
    }
  };

  const stopPreview = async () => {
    try {
      await endPreview();
      setPreviewOn(false);
      setNotice({ tone: 'success', text: 'Vorschau beendet: Die öffentliche Seite zeigt in diesem Browser wieder die öffentliche Saison.' });
    } catch (error) {
      const f = failureOf(error);
      if (f.kind === 'expired') return signedOut('expired');
      setNotice({ tone: 'error', text: f.message });
    }
  };

  return (
    <section aria-labelledby="season-title">
      <BackLink />
      <ScreenHeader
        title={`Saison ${season.year}`}
        titleId="season-title"
        intro={
          <span
            css={(theme: Theme) => css`
              display: inline-flex;
              flex-wrap: wrap;
              align-items: center;
              gap: ${theme.space(2)};
            `}
          >
            <StateBadge state={season.state} />
            {live && <PublicMarker />}
            <span>
              {germanDay(season.startDate)} – {germanDay(season.endDate)} · {season.challenges} {season.challenges === 1 ? 'Challenge' : 'Challenges'} ·{' '}
              {entriesText(season.entries)}
              {isAdmin ? '' : ' · nur lesen'}
            </span>
          </span>
        }
      >
        <div
          css={(theme: Theme) => css`
            display: flex;
            flex-wrap: wrap;
            gap: ${theme.space(3)};
          `}
        >
          <Button variant="outline" onClick={() => void preview()}>
            Vorschau
          </Button>
          {isAdmin && !live && (
            <Button variant="secondary" onClick={() => start({ kind: 'switch' })}>
              Als öffentliche Saison schalten
            </Button>
          )}
        </div>
      </ScreenHeader>

      <div ref={noticeRef} tabIndex={-1} css={noticeCss}>
        {previewOn && (
          <FormMessage tone="info">
            Vorschau eingeschaltet: Die öffentliche Seite zeigt in diesem Browser die Saison {season.year}, markiert als „Vorschau“.{' '}
            <a href="/" target="_blank" rel="noopener">
              Öffentliche Seite öffnen<span css={visuallyHidden}> (neuer Tab)</span>
            </a>{' '}
            ·{' '}
            <button type="button" onClick={() => void stopPreview()} css={linkButton}>
              Vorschau beenden
            </button>
          </FormMessage>
        )}
        {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
      </div>

      {live && isAdmin && <p css={muted}>Diese Saison zeigt die öffentliche Seite: Jede Änderung an ihren Challenges wird vorher bestätigt.</p>}

      <h2 css={subheading}>Challenges</h2>
      {ordered.length === 0 && <Panel>{seasonTexts.noChallenges}</Panel>}
      {ordered.length > 0 && (
        <ol
          aria-label={`Challenges der Saison ${season.year} in ihrer Reihenfolge`}
          css={(theme: Theme) => css`
            list-style: none;
            margin: 0;
            padding: 0;
            display: grid;
            gap: ${theme.space(3)};
          `}
        >
          {ordered.map((c, index) => {
            const number = numbers.get(c.id);
            const headingId = `season-challenge-${c.id}`;
            return (
              <li key={c.id} aria-labelledby={headingId} css={card(c.withdrawn !== null)}>
                <div
                  css={(theme: Theme) => css`
                    display: flex;
                    flex-wrap: wrap;
                    align-items: baseline;
                    gap: ${theme.space(1)} ${theme.space(3)};
                  `}
                >
                  <span css={numberCss} aria-hidden="true">
                    {number ? `#${number}` : '–'}
                  </span>
                  <h3 id={headingId} css={headlineCss}>
                    <span css={visuallyHidden}>{number ? `#${number} ` : 'Zurückgezogen: '}</span>
                    {c.headline}
                  </h3>
                </div>
                <p css={meta}>
                  {TYPE_LABELS[c.objectTypeId]} · {germanDay(c.startDate)} – {germanDay(c.endDate)} · {entriesText(c.entries)}
                  {c.resultsPublished ? ' · Ergebnisse veröffentlicht' : ''}
                </p>
                {c.withdrawn && (
                  <p css={withdrawnCss}>
                    <strong>Zurückgezogen</strong> am {formatDateTime(c.withdrawn.at)}: {c.withdrawn.reason}
                  </p>
                )}
                <div
                  css={(theme: Theme) => css`
                    display: flex;
                    flex-wrap: wrap;
                    align-items: center;
                    gap: ${theme.space(2)};
                    margin-top: ${theme.space(3)};
                  `}
                >
                  {isAdmin ? (
                    <>
                      <ButtonLink to={challengeEditPath(c.id, season.id)} variant="outline" css={smallButton} aria-label={`„${c.headline}“ bearbeiten`}>
                        Bearbeiten
                      </ButtonLink>
                      <Button variant="outline" css={smallButton} disabled={orderChanged || sending} aria-label={`„${c.headline}“ duplizieren`} onClick={() => start({ kind: 'duplicate', challenge: c })}>
                        Duplizieren
                      </Button>
                      {c.withdrawn ? (
                        <Button variant="outline" css={smallButton} disabled={orderChanged || sending} aria-label={`„${c.headline}“ wiederherstellen`} onClick={() => start({ kind: 'restore', challenge: c })}>
                          Wiederherstellen
                        </Button>
                      ) : (
                        <Button variant="outline" css={smallButton} disabled={orderChanged || sending} aria-label={`„${c.headline}“ zurückziehen`} onClick={() => start({ kind: 'withdraw', challenge: c })}>
                          Zurückziehen
                        </Button>
                      )}
                      {c.entries === 0 ? (
                        <Button variant="outline" css={smallButton} disabled={orderChanged || sending} aria-label={`„${c.headline}“ entfernen`} onClick={() => start({ kind: 'remove', challenge: c })}>
                          Entfernen
                        </Button>
                      ) : (
                        <span css={muted}>Entfernen geht nicht ({entriesText(c.entries)}), nur zurückziehen.</span>
                      )}
                      <span
                        css={(theme: Theme) => css`
                          display: inline-flex;
                          gap: ${theme.space(2)};
                          margin-left: auto;
                        `}
                      >
                        {index > 0 && (
                          <Button
                            variant="outline"
                            css={smallButton}
                            ref={(el: HTMLButtonElement | null) => void (el ? moveButtons.current.set(`${c.id}:up`, el) : moveButtons.current.delete(`${c.id}:up`))}
                            aria-label={`„${c.headline}“ nach oben`}
                            disabled={sending}
                            onClick={() => move(index, 'up')}
                          >
                            ↑ Nach oben
                          </Button>
                        )}
                        {index < ordered.length - 1 && (
                          <Button
                            variant="outline"
                            css={smallButton}
                            ref={(el: HTMLButtonElement | null) => void (el ? moveButtons.current.set(`${c.id}:down`, el) : moveButtons.current.delete(`${c.id}:down`))}
                            aria-label={`„${c.headline}“ nach unten`}
                            disabled={sending}
                            onClick={() => move(index, 'down')}
                          >
                            ↓ Nach unten
                          </Button>
                        )}
                      </span>
                    </>
                  ) : (
                    <Link to={challengeEditPath(c.id, season.id)} aria-label={`„${c.headline}“ ansehen`}>
                      Ansehen
                    </Link>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}

      {isAdmin && orderChanged && (
        <div role="region" aria-label="Neue Reihenfolge" css={orderBar}>
          <p
            css={css`
              margin: 0;
              flex: 1 1 240px;
            `}
          >
            Die Reihenfolge ist geändert, aber noch nicht gespeichert. Andere Änderungen gehen erst danach.
          </p>
          <Button variant="outline" disabled={sending} onClick={() => setOrder(serverOrder)}>
            Verwerfen
          </Button>
          <Button variant="secondary" disabled={sending} aria-busy={sending || undefined} onClick={() => start({ kind: 'order' })}>
            Reihenfolge speichern
          </Button>
        </div>
      )}

      {isAdmin && (
        <div
          css={(theme: Theme) => css`
            margin-top: ${theme.space(8)};
          `}
        >
          <NewChallengeForm yearId={season.id} live={live} onExpired={() => signedOut('expired')} onCreated={(headline) => void done(`Challenge „${headline}“ angelegt. Texte, Bilder und Punkte über „Bearbeiten“.`)} />
        </div>
      )}

      {pending && <PendingDialog pending={pending} season={season} sending={sending} failure={failure} onCancel={() => setPending(null)} onSubmit={(reason) => void run(pending, reason)} />}
    </section>
  );
}

function PendingDialog({
  pending,
  season,
  sending,
  failure,
  onCancel,
  onSubmit,
}: {
  pending: Pending;
  season: AdminSeasonDto;
  sending: boolean;
  failure: { message: string; field: string | null } | null;
  onCancel: () => void;
  onSubmit: (reason: string | undefined) => void;
}) {
  const common = { sending, failure, onCancel, onSubmit, live: season.current };
  if (pending.kind === 'switch') {
    return (
      <ActionDialog
        {...common}
        live={false}
        title={`Saison ${season.year} öffentlich schalten`}
        description={`Die öffentliche Seite zeigt danach die Saison ${season.year}: Ab dem nächsten Seitenaufruf sehen alle Besucher ihre Challenges, auf jedem Server. Der Wechsel steht mit dem Grund im Protokoll.`}
        reasonLabel="Grund des Wechsels"
        submitLabel="Saison wechseln"
      />
    );
  }
  if (pending.kind === 'order') {
    return <ActionDialog {...common} title="Reihenfolge der öffentlichen Saison ändern" description="Die Challenges bekommen in der öffentlichen Saison neue Nummern (#n)." submitLabel="Reihenfolge speichern" />;
  }
  const name = `„${pending.challenge.headline}“`;
  switch (pending.kind) {
    case 'duplicate':
      return <ActionDialog {...common} title="Challenge duplizieren" description={`Eine Kopie von ${name} (ohne Beiträge, Stimmen und Ergebnisse) kommt direkt darunter in die Saison.`} submitLabel="Duplizieren" />;
    case 'remove':
      return (
        <ActionDialog
          {...common}
          title="Challenge entfernen"
          description={`${name} wird aus der Saison gelöscht. Sie hat keine Beiträge.`}
          reasonLabel="Grund des Entfernens"
          submitLabel="Entfernen"
        />
      );
    case 'withdraw':
      return (
        <ActionDialog
          {...common}
          title="Challenge zurückziehen"
          description={`${name} verschwindet aus der öffentlichen Saison (Listen, Nummerierung, Mails). Ihre Beiträge, Stimmen und Ergebnisse bleiben gespeichert; wiederherstellen geht jederzeit.`}
          reasonLabel="Grund des Zurückziehens"
          submitLabel="Zurückziehen"
        />
      );
    default:
      return (
        <ActionDialog
          {...common}
          title="Challenge wiederherstellen"
          description={`${name} kommt an ihrer Stelle zurück in die Saison.`}
          reasonLabel="Grund des Wiederherstellens"
          submitLabel="Wiederherstellen"
        />
      );
  }
}

function BackLink() {
  return (
    <p>
      <Link to={SEASONS_PATH}>Zurück zu den Saisons</Link>
    </p>
  );
}

const noticeCss = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space(3)};
  margin-bottom: ${theme.space(4)};
  &:focus {
    outline: none;
  }
  &:empty {
    display: none;
  }
`;

const muted = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: 0.875rem;
`;

const subheading = (theme: Theme) => css`
  margin: ${theme.space(6)} 0 ${theme.space(3)};
  font-family: ${theme.fonts.headline};
  font-size: 1.5rem;
  color: ${theme.colors.primaryDark};
`;

const card = (withdrawn: boolean) => (theme: Theme) => css`
  padding: ${theme.space(4)};
  border: 1px solid ${theme.colors.border};
  border-left: 4px solid ${withdrawn ? theme.colors.textMuted : theme.colors.primary};
  border-radius: ${theme.radius};
  background: ${withdrawn ? theme.colors.background : theme.colors.surface};
`;

const numberCss = (theme: Theme) => css`
  font-family: ${theme.fonts.headline};
  font-weight: 900;
  font-size: 1.25rem;
  color: ${theme.colors.primaryDark};
  min-width: 2.5rem;
`;

const headlineCss = css`
  margin: 0;
  font-size: 1.125rem;
  overflow-wrap: anywhere;
  flex: 1 1 240px;
`;

const meta = (theme: Theme) => css`
  margin: ${theme.space(1)} 0 0;
  color: ${theme.colors.textMuted};
`;

const withdrawnCss = (theme: Theme) => css`
  margin: ${theme.space(2)} 0 0;
  padding: ${theme.space(2)} ${theme.space(3)};
  border-radius: ${theme.radius};
  background: #fbeceb;
  color: ${theme.colors.textDark};
  overflow-wrap: anywhere;
`;

const orderBar = (theme: Theme) => css`
  position: sticky;
  bottom: 0;
  z-index: 1;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space(3)};
  margin-top: ${theme.space(4)};
  padding: ${theme.space(4)};
  border: 2px solid ${theme.colors.primaryDark};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
`;

const linkButton = (theme: Theme) => css`
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  color: ${theme.colors.primaryDark};
  text-decoration: underline;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;
