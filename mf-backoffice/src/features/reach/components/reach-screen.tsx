import { css, type Theme } from '@emotion/react';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError, TEAM_LABELS, type Team } from '@erd/shared-contracts';
import type { ReachChannel, ReachReportDto, ReachRowDto } from '@erd/shared-contracts/schemas';
import { FieldLabel, FormMessage } from '@erd/shared-contracts/forms';
import { Button, ButtonAnchor, FieldError, Spinner } from '@erd/shared-contracts/ui';
import { isPasswordChangeRequired, PasswordChangeRequired } from '../../../components/password-change-required';
import { Panel, ScreenHeader } from '../../../components/screen';
import { SearchPanel } from '../../../components/search-panel';
import { TableRegion } from '../../../components/table-region';
import { selectStyle, visuallyHidden } from '../../../components/table-styles';
import { useOperatorSession } from '../../../lib/operator-session';
import { CHANNEL_LABELS, getReachReport, listVoteChallenges, REACH_CHANNELS, reachCsvUrl, type ReachFilter } from '../api/reach-api';

export const reachTexts = {
  intro:
    'Was geteilte Links bringen, je Kanal: Vorschauen (Messenger und soziale Netzwerke rufen die Seite für ihre Vorschau ab), Besuche über geteilte Links und die Stimmen danach. Nur Summen je Tag, keine personenbezogenen Daten.',
  loading: 'Reichweite wird geladen …',
  loadFailed: 'Die Reichweite konnte gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  none: 'Für diesen Filter wurde noch nichts gezählt.',
  toBeforeFrom: 'Das Ende liegt vor dem Beginn.',
  badDay: 'Gib einen Tag an (TT.MM.JJJJ).',
  truncated:
    'Es wurde mehr gezählt, als hier Platz hat: Die Tabelle nach Beitrag und Verein zeigt die neuesten Tage. Grenze den Zeitraum ein oder exportiere die CSV-Datei; die Summen nach Kanal gelten für alles.',
} as const;

const EMPTY: ReachFilter = { challengeId: '', from: '', to: '' };
const DAY = /^\d{4}-\d{2}-\d{2}$/;

type Errors = Partial<Record<'from' | 'to', string>>;

function check(draft: ReachFilter): Errors {
  const errors: Errors = {};
  if (draft.from && !DAY.test(draft.from)) errors.from = reachTexts.badDay;
  if (draft.to && !DAY.test(draft.to)) errors.to = reachTexts.badDay;
  if (!errors.from && !errors.to && draft.from && draft.to && draft.to < draft.from) errors.to = reachTexts.toBeforeFrom;
  return errors;
}

type Report =
  | { status: 'loading' }
  | { status: 'error'; message: string | null }
  | { status: 'password' }
  | { status: 'ready'; report: ReachReportDto };

interface Figures {
  previews: number;
  visits: number;
  votes: number;
}

/** One shared target (an entry, or a club's page) with its figures per channel over the days of the report. */
interface Target {
  key: string;
  club: string;
  page: string;
  channels: Map<ReachChannel, Figures>;
  total: Figures;
}

const zero = (): Figures => ({ previews: 0, visits: 0, votes: 0 });
const add = (sum: Figures, row: Figures) => {
  sum.previews += row.previews;
  sum.visits += row.visits;
  sum.votes += row.votes;
};
const number = (n: number) => n.toLocaleString('de-DE');
const clubOf = (row: ReachRowDto) => `${row.clubName} (${TEAM_LABELS[row.team as Team] ?? row.team})`;

/** The report's rows (per day) summed per target and channel; the targets with most figures first. */
function targetsOf(rows: readonly ReachRowDto[]): Target[] {
  const targets = new Map<string, Target>();
  for (const row of rows) {
    const key = row.participationId ? `entry:${row.challengeId}:${row.participationId}` : `club:${row.clubId}`;
    let target = targets.get(key);
    if (!target) {
      target = {
        key,
        club: clubOf(row),
        page: row.participationId ? `Beitrag: ${row.challengeTitle ?? row.challengeId}` : 'Vereinsseite',
        channels: new Map(),
        total: zero(),
      };
      targets.set(key, target);
    }
    const channel = target.channels.get(row.channel) ?? zero();
    add(channel, row);
    target.channels.set(row.channel, channel);
    add(target.total, row);
  }
  const weight = (f: Figures) => f.votes * 1_000_000 + f.visits * 1_000 + f.previews;
  return [...targets.values()].sort(
    (a, b) => weight(b.total) - weight(a.total) || a.club.localeCompare(b.club, 'de') || a.page.localeCompare(b.page, 'de'),
  );
}

const numberCells = (f: Figures) => (
  <>
    <td className="number">{number(f.previews)}</td>
    <td className="number">{number(f.visits)}</td>
    <td className="number">{number(f.votes)}</td>
  </>
);

const FigureHeads = () => (
  <>
    <th scope="col" className="number">
      Vorschauen
    </th>
    <th scope="col" className="number">
      Besuche
    </th>
    <th scope="col" className="number">
      Stimmen
    </th>
  </>
);

const subheading = (theme: Theme) => css`
  margin: ${theme.space(8)} 0 ${theme.space(4)};
  font-size: 1.125rem;
`;

/**
 * 'Reichweite' (both roles): what shared links brought, counted by the server without cookies or
 * personal data: previews (crawler fetches), visits through `via` links and the votes after them,
 * per channel; filtered by challenge and days (Europe/Berlin). A table per channel with the totals,
 * one per entry and club page with its channels, and the CSV export with the same filter.
 */
export function ReachScreen() {
  const { signedOut } = useOperatorSession();
  const [challenges, setChallenges] = useState<{ id: string; headline: string }[]>([]);
  const [draft, setDraft] = useState<ReachFilter>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [filter, setFilter] = useState<ReachFilter>(EMPTY);
  const [state, setState] = useState<Report>({ status: 'loading' });
  const summary = useRef<HTMLHeadingElement>(null);
  const request = useRef(0);

  useEffect(() => {
    let active = true;
    // The filter works without the list (all challenges); a failure here is not the screen's.
    listVoteChallenges().then(
      (list) => active && setChallenges(list),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);

  const load = useCallback(async () => {
    const id = ++request.current;
    setState((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    try {
      const report = await getReachReport(filter);
      if (id === request.current) setState({ status: 'ready', report });
    } catch (error) {
      if (id !== request.current) return;
      if (isApiError(error) && error.status === 401) signedOut('expired');
      else if (isPasswordChangeRequired(error)) setState({ status: 'password' });
      else setState({ status: 'error', message: isApiError(error) && error.status === 400 ? error.message : null });
    }
  }, [filter, signedOut]);

  useEffect(() => {
    void load();
  }, [load]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(draft);
    setErrors(found);
    const first = (['from', 'to'] as const).find((field) => found[field]);
    if (first) {
      document.getElementById(`reach-${first}`)?.focus();
      return;
    }
    setFilter({ ...draft });
    summary.current?.focus();
  };

  const report = state.status === 'ready' ? state.report : null;
  const targets = useMemo(() => (report ? targetsOf(report.rows) : []), [report]);
  const challengeName = filter.challengeId ? (challenges.find((c) => c.id === filter.challengeId)?.headline ?? filter.challengeId) : null;

  const day = (name: 'from' | 'to', label: string) => (
    <div>
      <FieldLabel htmlFor={`reach-${name}`}>{label}</FieldLabel>
      <input
        id={`reach-${name}`}
        name={name}
        type="date"
        value={draft[name]}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `reach-${name}-error` : undefined}
        css={(theme: Theme) => css`
          ${selectStyle(theme)};
          border-color: ${errors[name] ? theme.colors.error : theme.colors.border};
        `}
      />
      {errors[name] && <FieldError id={`reach-${name}-error`}>{errors[name]}</FieldError>}
    </div>
  );

  return (
    <section aria-labelledby="reach-title">
      <ScreenHeader title="Reichweite" titleId="reach-title" intro={reachTexts.intro}>
        <ButtonAnchor variant="secondary" href={reachCsvUrl(filter)} download>
          CSV exportieren
        </ButtonAnchor>
      </ScreenHeader>

      <SearchPanel label="Reichweite filtern" onSubmit={onSubmit} fieldBasis="200px">
        <div>
          <FieldLabel htmlFor="reach-challenge">Challenge</FieldLabel>
          <select
            id="reach-challenge"
            name="challengeId"
            value={draft.challengeId}
            onChange={(e) => setDraft({ ...draft, challengeId: e.target.value })}
            css={selectStyle}
          >
            <option value="">Alle Challenges und Vereinsseiten</option>
            {challenges.map((c) => (
              <option key={c.id} value={c.id}>
                {c.headline}
              </option>
            ))}
          </select>
        </div>
        {day('from', 'Von (Tag)')}
        {day('to', 'Bis (Tag)')}
        <Button type="submit" variant="primary">
          Anzeigen
        </Button>
      </SearchPanel>

      {state.status === 'loading' && <Spinner label={reachTexts.loading} />}
      {state.status === 'password' && <PasswordChangeRequired />}
      {state.status === 'error' && (
        <Panel role="alert">
          <p>{state.message ?? reachTexts.loadFailed}</p>
          {!state.message && (
            <Button variant="secondary" onClick={() => void load()}>
              Erneut laden
            </Button>
          )}
        </Panel>
      )}
      {report && (
        <>
          <h2
            ref={summary}
            tabIndex={-1}
            aria-live="polite"
            css={(theme: Theme) => css`
              margin: 0 0 ${theme.space(4)};
              font-size: 1.125rem;
              &:focus {
                outline: none;
              }
            `}
          >
            {report.rows.length === 0
              ? reachTexts.none
              : `${number(report.totals.previews)} Vorschauen, ${number(report.totals.visits)} Besuche, ${number(report.totals.votes)} Stimmen`}
          </h2>

          {report.rows.length > 0 && (
            <>
              <h3 css={subheading}>Nach Kanal</h3>
              <TableRegion label="Reichweite nach Kanal">
                <table>
                  <caption css={visuallyHidden}>Reichweite nach Kanal{challengeName ? `, Challenge ${challengeName}` : ''}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Kanal</th>
                      <FigureHeads />
                    </tr>
                  </thead>
                  <tbody>
                    {REACH_CHANNELS.map((channel) => {
                      const figures = report.byChannel.find((c) => c.channel === channel) ?? { channel, ...zero() };
                      return (
                        <tr key={channel}>
                          <th scope="row">{CHANNEL_LABELS[channel]}</th>
                          {numberCells(figures)}
                        </tr>
                      );
                    })}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">Gesamt</th>
                      {numberCells(report.totals)}
                    </tr>
                  </tfoot>
                </table>
              </TableRegion>

              <h3 css={subheading}>Nach Beitrag und Verein</h3>
              {report.truncated && <FormMessage tone="info">{reachTexts.truncated}</FormMessage>}
              <TableRegion label="Reichweite nach Beitrag und Verein">
                <table>
                  <caption css={visuallyHidden}>Reichweite nach Beitrag und Verein, je Kanal, die meisten Stimmen zuerst</caption>
                  <thead>
                    <tr>
                      <th scope="col">Kanal</th>
                      <FigureHeads />
                    </tr>
                  </thead>
                  {targets.map((target) => (
                    <tbody key={target.key}>
                      <tr>
                        <th
                          scope="rowgroup"
                          colSpan={4}
                          css={(theme: Theme) => css`
                            background: ${theme.colors.background};
                            overflow-wrap: anywhere;
                          `}
                        >
                          {target.club}
                          <br />
                          <span
                            css={(theme: Theme) => css`
                              font-weight: 400;
                              color: ${theme.colors.textMuted};
                            `}
                          >
                            {target.page}
                          </span>
                        </th>
                      </tr>
                      {REACH_CHANNELS.filter((channel) => target.channels.has(channel)).map((channel) => (
                        <tr key={channel}>
                          <th scope="row">{CHANNEL_LABELS[channel]}</th>
                          {numberCells(target.channels.get(channel)!)}
                        </tr>
                      ))}
                      {target.channels.size > 1 && (
                        <tr>
                          <th scope="row">Zusammen</th>
                          {numberCells(target.total)}
                        </tr>
                      )}
                    </tbody>
                  ))}
                </table>
              </TableRegion>
            </>
          )}
        </>
      )}
    </section>
  );
}
