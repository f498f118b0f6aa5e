import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useParams } from '@erd/shared-contracts';
import type { AdminSeasonChallengeDto } from '@erd/shared-contracts/schemas';
import { FormMessage } from '@erd/shared-contracts/forms';
import { Button, Spinner } from '@erd/shared-contracts/ui';
import { buttonRow } from '../../../components/form-styles';
import { PasswordChangeRequired } from '../../../components/password-change-required';
import { Panel, ScreenHeader } from '../../../components/screen';
import { visuallyHidden } from '../../../components/table-styles';
import { signedInAsAdmin, useOperatorSession } from '../../../lib/operator-session';
import { endPreview, getSeason, startPreview } from '../api/seasons';
import { failureOf, loadFailureText, seasonTexts } from '../lib';
import { NewChallengeForm } from './new-challenge-form';
import { LoadState, useOperatorData } from '../../../kit';
import { runSeasonAction } from './season-actions';
import { SeasonIntro } from './season-intro';
import { OrderBar, SeasonChallengeList } from './season-challenge-list';
import { BackLink, type Pending, PendingDialog } from './season-dialog';
import { linkButton, muted, noticeCss, subheading } from './season-styles';
import { spaceAbove } from '../../../components/layout-styles';

type Notice = { tone: 'success' | 'error' | 'info'; text: string } | null;

const byPosition = (items: readonly AdminSeasonChallengeDto[]) => [...items].sort((a, b) => a.position - b.position).map((c) => c.id);

/**
 * One season ('Saisons' › 'Saison 2027'): its challenges in their order with type, public #n, days,
 * entries and withdrawal. Admins edit, duplicate, remove (without entries) or withdraw and restore
 * them, move them and save the order, add new ones and switch the public site to the season; in the
 * public season each change is confirmed first (`confirmLive`). Every operator may preview it.
 */
export function SeasonScreen() {
  const { yearId = '' } = useParams();
  const { state, signedOut } = useOperatorSession();
  const isAdmin = signedInAsAdmin(state);
  const [order, setOrder] = useState<string[]>([]);
  const [pending, setPending] = useState<Pending | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<{ message: string; field: string | null } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [previewOn, setPreviewOn] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const [moved, setMoved] = useState<{ id: string; dir: 'up' | 'down' } | null>(null);
  const load = useOperatorData(yearId, () => getSeason(yearId), {
    keepPrevious: 'reload',
    notFound: true,
    onAnswer: (season) => setOrder(byPosition(season.challengeItems)),
  });
  const reload = load.reload;
  const shownSeason = load.status === 'ready' ? load.data : null;

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
  }, [notice, shownSeason]);

  if (load.status === 'loading') return <Spinner label={seasonTexts.loadingOne} />;
  if (load.status === 'password') return <PasswordChangeRequired />;
  if (load.status !== 'ready') {
    return (
      <>
        <BackLink />
        <LoadState
          state={load}
          loading={seasonTexts.loadingOne}
          failed={loadFailureText(seasonTexts.loadOneFailed)}
          notFound={seasonTexts.notFound}
          look="message"
        />
      </>
    );
  }

  const season = load.data;
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
    try {
      await done(await runSeasonAction(action, season, order, live, reason));
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
    const needsDialog =
      action.kind === 'switch' || action.kind === 'remove' || action.kind === 'withdraw' || action.kind === 'restore' || live;
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
      setNotice({
        tone: 'success',
        text: 'Vorschau beendet: Die öffentliche Seite zeigt in diesem Browser wieder die öffentliche Saison.',
      });
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
        intro={<SeasonIntro season={season} live={live} isAdmin={isAdmin} />}
      >
        <div css={buttonRow}>
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

      {live && isAdmin && (
        <p css={muted}>Diese Saison zeigt die öffentliche Seite: Jede Änderung an ihren Challenges wird vorher bestätigt.</p>
      )}

      <h2 css={subheading}>Challenges</h2>
      {ordered.length === 0 && <Panel>{seasonTexts.noChallenges}</Panel>}
      {ordered.length > 0 && (
        <SeasonChallengeList
          season={season}
          ordered={ordered}
          numbers={numbers}
          isAdmin={isAdmin}
          orderChanged={orderChanged}
          sending={sending}
          start={start}
          move={move}
          moveButtons={moveButtons}
        />
      )}

      {isAdmin && orderChanged && (
        <OrderBar sending={sending} onDiscard={() => setOrder(serverOrder)} onSave={() => start({ kind: 'order' })} />
      )}

      {isAdmin && (
        <div css={spaceAbove(8)}>
          <NewChallengeForm
            yearId={season.id}
            live={live}
            onExpired={() => signedOut('expired')}
            onCreated={(headline) => void done(`Challenge „${headline}“ angelegt. Texte, Bilder und Punkte über „Bearbeiten“.`)}
          />
        </div>
      )}

      {pending && (
        <PendingDialog
          pending={pending}
          season={season}
          sending={sending}
          failure={failure}
          onCancel={() => setPending(null)}
          onSubmit={(reason) => void run(pending, reason)}
        />
      )}
    </section>
  );
}
