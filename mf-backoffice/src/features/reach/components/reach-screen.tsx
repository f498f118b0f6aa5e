import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { ButtonAnchor } from '@erd/shared-contracts/ui';
import { ScreenHeader } from '../../../components/screen';
import { SearchPanel } from '../../../components/search-panel';
import { LoadState, ResultSummary, useOperatorData } from '../../../kit';
import { number, ReachTables, targetsOf } from './reach-tables';
import { reachTexts } from './reach-texts';
import { getReachReport, listVoteChallenges, reachCsvUrl, type ReachFilter } from '../api/reach-api';
import { SelectField } from '../../../components/select-field';
import { checkDayRange, DAY_RANGE_FIELDS, DayRangeFields } from '../../../components/day-field';
import { useFieldErrors } from '../../../components/use-field-errors';

export { reachTexts };

const EMPTY: ReachFilter = { challengeId: '', from: '', to: '' };

/**
 * 'Reichweite' (both roles): what shared links brought, counted by the server without cookies or
 * personal data: previews (crawler fetches), visits through `via` links and the votes after them,
 * per channel; filtered by challenge and days (Europe/Berlin). A table per channel with the totals,
 * one per entry and club page with its channels, and the CSV export with the same filter.
 */
export function ReachScreen() {
  const [challenges, setChallenges] = useState<{ id: string; headline: string }[]>([]);
  const [draft, setDraft] = useState<ReachFilter>(EMPTY);
  const { errors, show: showErrors } = useFieldErrors('reach', DAY_RANGE_FIELDS);
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
    if (showErrors(checkDayRange(draft))) return;
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

      <SearchPanel label="Reichweite filtern" submitLabel="Anzeigen" onSubmit={onSubmit} fieldBasis="200px">
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
      </SearchPanel>

      <LoadState state={state} loading={reachTexts.loading} failed={reachTexts.loadFailed} showRefusal />
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
