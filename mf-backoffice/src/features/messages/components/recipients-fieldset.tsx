import { css, type Theme } from '@emotion/react';
import type { AdminChallengeSummaryDto } from '@erd/shared-contracts/backoffice';
import { accountsText, type FilterDraft } from '../lib';
import { fieldsetFrame } from '../../../components/form-styles';
import { SelectField } from '../../../components/select-field';

const row = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space(4)};
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  align-items: end;
`;

/** 'Empfänger': team, participants or non-participants of a challenge, and the live count of accounts. */
export function RecipientsFieldset({
  filter,
  setFilter,
  challenges,
  error,
  count,
  wire,
}: {
  filter: FilterDraft;
  setFilter: (filter: FilterDraft) => void;
  challenges: readonly AdminChallengeSummaryDto[];
  error: string | undefined;
  count: number | null;
  wire: unknown;
}) {
  return (
    <fieldset
      css={(theme: Theme) => css`
        ${fieldsetFrame(theme)};
        min-width: 0;
      `}
    >
      <legend>Empfänger</legend>
      <div css={row}>
        <SelectField
          id="message-team"
          label="Team"
          value={filter.team}
          onChange={(team) => setFilter({ ...filter, team })}
          empty="Alle"
          options={[
            ['m', 'Herren'],
            ['w', 'Damen'],
          ]}
        />
        <SelectField
          id="message-participation"
          label="Challenge"
          value={filter.participation}
          onChange={(participation) => setFilter({ ...filter, participation })}
          options={[
            ['none', 'Keine Einschränkung'],
            ['participants', 'Teilnehmer einer Challenge'],
            ['non-participants', 'Nicht-Teilnehmer einer Challenge'],
          ]}
        />
        {filter.participation !== 'none' && (
          <SelectField
            id="message-challenge"
            label="Welche Challenge?"
            value={filter.challengeId}
            error={error}
            onChange={(challengeId) => setFilter({ ...filter, challengeId })}
            empty="Bitte wählen"
            options={challenges.map(
              (c) =>
                [
                  c.id,
                  <>
                    #{c.number} {c.headline}
                  </>,
                ] as const,
            )}
          />
        )}
      </div>
      <p
        role="status"
        css={(theme: Theme) => css`
          margin: ${theme.space(4)} 0 0;
          font-weight: 700;
        `}
      >
        {count === null
          ? wire
            ? 'Empfänger werden gezählt …'
            : 'Wähle eine Challenge, um die Empfänger zu zählen.'
          : `Geht an ${accountsText(count)}`}
      </p>
      <p
        css={(theme: Theme) => css`
          margin: ${theme.space(1)} 0 0;
          color: ${theme.colors.textMuted};
          font-size: 0.875rem;
        `}
      >
        Bestätigte Vereinskonten, die „Nachrichten der Veranstalter“ nicht abgeschaltet haben.
      </p>
    </fieldset>
  );
}
