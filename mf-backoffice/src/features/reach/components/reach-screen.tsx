import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '@erd/shared-contracts';
import { Button, ButtonAnchor } from '@erd/shared-contracts/ui';
import { ScreenHeader } from '../../../components/screen';
import { SearchPanel } from '../../../components/search-panel';
import { LoadState, ResultSummary, useOperatorData } from '../../../kit';
import { number, ReachTables, targetsOf } from './reach-tables';
import { reachTexts } from './reach-texts';
import { getReachReport, listVoteChallenges, reachCsvUrl, type ReachFilter } from '../api/reach-api';
import { SelectField } from '../../../components/select-field';
import { checkDayRange, DayRangeFields } from '../../../components/day-field';

export { reachTexts };

/** The server's message for a filter it refused (400): shown instead of the failure, without 'Erneut laden'. */
const refusal = (error: unknown) => (isApiError(error) && error.status === 400 ? error.message : null);

const EMPTY: ReachFilter = { challengeId: '', from: '', to: '' };

type Errors = Partial<Record<'from' | 'to', string>>;

/**
 * 'Reichweite' (both roles): what shared links brought, counted by the server without cookies or
 * personal data: previews (crawler fetches), visits through `via` links and the votes after them,
 * per channel; filtered by challenge and days (Europe/Berlin). A table per channel with the totals,
 * one per entry and club page with its channels, and the CSV export with the same filter.
 */
export function ReachScreen() {
  const [challenges, setChallenges] = useState<{ id: string; headline: string }[]>([]);
  const [draft, setDraft] = useState<ReachFilter>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [filter, setFilter] = useState<ReachFilter>(EMPTY);
  const summary = useRef<HTMLHeadingElement>(null);

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

  const state = useOperatorData(filter, () => getReachReport(filter), { keepPrevious: true });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkDayRange(draft);
    setErrors(found);
    const first = (['from', 'to'] as const).find((field) => found[field]);
    if (first) {
      document.getElementById(`reach-${first}`)?.focus();
      return;
    }
    setFilter({ ...draft });
    summary.current?.focus();
  };

  const report = state.status === 'ready' ? state.data : null;
  const targets = useMemo(() => (report ? targetsOf(report.rows) : []), [report]);
  const challengeName = filter.challengeId ? (challenges.find((c) => c.id === filter.challengeId)?.headline ?? filter.challengeId) : null;

  return (
    <section aria-labelledby="reach-title">
      <ScreenHeader title="Reichweite" titleId="reach-title" intro={reachTexts.intro}>
        <ButtonAnchor variant="secondary" href={reachCsvUrl(filter)} download>
          CSV exportieren
        </ButtonAnchor>
      </ScreenHeader>

      <SearchPanel label="Reichweite filtern" onSubmit={onSubmit} fieldBasis="200px">
        <SelectField
          id="reach-challenge"
          label="Challenge"
          name="challengeId"
          value={draft.challengeId}
          onChange={(challengeId) => setDraft({ ...draft, challengeId })}
          empty="Alle Challenges und Vereinsseiten"
          options={challenges.map((c) => [c.id, c.headline] as const)}
        />
        <DayRangeFields idPrefix="reach" range={draft} errors={errors} onChange={(range) => setDraft({ ...draft, ...range })} />
        <Button type="submit" variant="primary">
          Anzeigen
        </Button>
      </SearchPanel>

      <LoadState
        state={state}
        loading={reachTexts.loading}
        failed={(error) => refusal(error) ?? reachTexts.loadFailed}
        retry={(error) => refusal(error) === null}
      />
      {report && (
        <>
          <ResultSummary ref={summary} live>
            {report.rows.length === 0
              ? reachTexts.none
              : `${number(report.totals.previews)} Vorschauen, ${number(report.totals.visits)} Besuche, ${number(report.totals.votes)} Stimmen`}
          </ResultSummary>

          {report.rows.length > 0 && <ReachTables report={report} targets={targets} challengeName={challengeName} />}
        </>
      )}
    </section>
  );
}
