import { css, type Theme } from "@emotion/react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { isApiError } from "@erd/shared-contracts";
import {
  WERBERAT_CHECK_KEYS,
  WERBERAT_CHECKS,
  type ModerationHistoryItemDto,
  type ModerationLookupDto,
} from "@erd/shared-contracts/backoffice";
import { TextField } from "@erd/shared-contracts/forms";
import { Button } from "@erd/shared-contracts/ui";
import { Panel } from "../../../components/screen";
import { clubLabel, entryKind, formatDateTime } from "../../../lib/format";
import { previewUrl } from "../../../lib/media";
import { useOperatorSession } from "../../../lib/operator-session";
import { lookupEntry } from "../api/lookup-entry";
import { DecisionDialog, type DecisionOutcome } from "./decision-dialog";
import { EMPTY_CHECKLIST } from "./werberat-checklist";

export const lookupTexts = {
  title: "Beitrag nachschlagen",
  label: "Beitrags-ID",
  hint: "Die ID steht in jeder Meldung („Beitrags-ID: …“). Auch der Link zum Beitrag geht.",
  empty: "Bitte gib eine Beitrags-ID ein.",
  unknown:
    "Zu dieser ID gibt es keinen Beitrag und keinen Eintrag im Protokoll.",
  failed:
    "Der Beitrag konnte gerade nicht nachgeschlagen werden. Bitte versuche es noch einmal.",
  noHistory: "Noch keine Entscheidung im Protokoll.",
  withdraw: "Beitrag zurückziehen",
  withdrawHint:
    "Für einen veröffentlichten Beitrag, der gegen die Regeln verstößt (etwa nach einer Meldung): Er wird mit seinen Stimmen gelöscht.",
  withdrawn: "Der Beitrag ist zurückgezogen und gelöscht.",
  alreadyGone:
    "Der Beitrag war nicht mehr öffentlich; der aktuelle Stand ist unten zu sehen.",
} as const;

const STATE_LABELS: Record<ModerationLookupDto["state"], string> = {
  pending: "Wartet auf Prüfung",
  published: "Freigegeben (öffentlich)",
  rejected: "Abgelehnt (gelöscht)",
  unknown: "Nicht mehr vorhanden",
};

const ACTION_LABELS: Record<string, string> = {
  publish: "Freigegeben",
  reject: "Abgelehnt",
  "remove-votes": "Stimmen entfernt",
};

/** The id from what was pasted: the id itself (also with the e-mail's 'Beitrags-ID: '), or the last part of the entry's link (`…/challenge/{challengeId}/{id}`). */
export function idFromInput(value: string): string {
  const trimmed = value.trim().replace(/^beitrags-id:\s*/i, "");
  if (!trimmed.includes("/")) return trimmed;
  const path = trimmed.split(/[?#]/)[0]!;
  return path.split("/").filter(Boolean).pop() ?? "";
}

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
          {WERBERAT_CHECKS[key].label}:{" "}
          {checklist[key] ? "bestätigt" : "nicht erfüllt"}
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Beitrag nachschlagen': the id from a 'Melden' e-mail (or the entry's link) → the entry in any
 * state (a rejected one as the log recorded it) and its decisions: when, what, who, the reason and
 * the Werberat checklist. An unknown id gets a German message at the field.
 */
export function EntryLookup({
  challengeTitle,
}: {
  challengeTitle: (challengeId: string) => string;
}) {
  const { signedOut } = useOperatorSession();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const [found, setFound] = useState<ModerationLookupDto | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // Counts the results shown: each new one takes the focus once it is on the page (after React's commit,
  // not in the next frame, which may come before it under load).
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown > 0) resultHeading.current?.focus();
  }, [shown]);
  const field = useRef<HTMLInputElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailed(false);
    const id = idFromInput(value);
    if (!id) {
      setError(lookupTexts.empty);
      setFound(null);
      field.current?.focus();
      return;
    }
    setError(null);
    setNotice(null);
    setLoading(true);
    try {
      const result = await lookupEntry(id);
      setFound(result);
      setShown((n) => n + 1);
    } catch (failure) {
      setFound(null);
      if (isApiError(failure) && failure.status === 401) signedOut("expired");
      else if (
        isApiError(failure) &&
        (failure.status === 404 || failure.status === 400)
      ) {
        setError(lookupTexts.unknown);
        field.current?.focus();
      } else setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  /** After 'Zurückziehen': the entry's state from the server again, and what happened. */
  const withdrawDone = async (outcome: DecisionOutcome) => {
    setWithdrawing(false);
    if (outcome.status === "unauthorized") return signedOut("expired");
    const item = outcome.result.items[0];
    setNotice(
      item?.outcome === "withdrawn" ? lookupTexts.withdrawn : lookupTexts.alreadyGone,
    );
    if (!found) return;
    try {
      setFound(await lookupEntry(found.id));
      setShown((n) => n + 1);
    } catch {
      setFailed(true);
    }
  };

  const entry = found?.entry ?? null;
  const preview = entry ? previewUrl(entry.image) : null;

  return (
    <Panel as="section" aria-labelledby={titleId}>
      <h2
        id={titleId}
        css={(theme: Theme) => css`
          margin: 0 0 ${theme.space(3)};
          font-size: 1.125rem;
        `}
      >
        {lookupTexts.title}
      </h2>
      <form
        noValidate
        role="search"
        aria-labelledby={titleId}
        onSubmit={(event) => void onSubmit(event)}
        css={(theme: Theme) => css`
          display: flex;
          flex-wrap: wrap;
          align-items: flex-start;
          gap: ${theme.space(3)};
          & > div:first-of-type {
            flex: 1 1 18rem;
            min-width: 0;
          }
          button {
            margin-top: 1.9rem;
          }
        `}
      >
        <TextField
          ref={field}
          label={lookupTexts.label}
          hint={lookupTexts.hint}
          name="participationId"
          autoComplete="off"
          spellCheck={false}
          maxLength={400}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error}
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={loading}
          aria-busy={loading || undefined}
        >
          Nachschlagen
        </Button>
      </form>
      {failed && (
        <p
          role="alert"
          css={(theme: Theme) => css`
            margin: ${theme.space(3)} 0 0;
          `}
        >
          {lookupTexts.failed}
        </p>
      )}
      {found && (
        <div
          css={(theme: Theme) => css`
            margin-top: ${theme.space(5)};
            border-top: 1px solid ${theme.colors.border};
            padding-top: ${theme.space(4)};
          `}
        >
          <h3
            ref={resultHeading}
            tabIndex={-1}
            css={(theme: Theme) => css`
              margin: 0 0 ${theme.space(3)};
              font-size: 1.0625rem;
              overflow-wrap: anywhere;
            `}
          >
            Beitrag {found.id}: {STATE_LABELS[found.state]}
          </h3>
          {entry && (
            <dl
              css={(theme: Theme) => css`
                display: grid;
                grid-template-columns: max-content minmax(0, 1fr);
                gap: ${theme.space(1.5)} ${theme.space(4)};
                margin: 0 0 ${theme.space(4)};
                dt {
                  font-weight: 700;
                }
                dd {
                  margin: 0;
                  overflow-wrap: anywhere;
                }
              `}
            >
              <dt>Verein</dt>
              <dd>
                {clubLabel(entry.club)}, Nr. {entry.club.clubnumber}
              </dd>
              <dt>Challenge</dt>
              <dd>{challengeTitle(entry.challengeId)}</dd>
              <dt>Eingereicht</dt>
              <dd>
                <time dateTime={entry.createdAt}>
                  {formatDateTime(entry.createdAt)}
                </time>
              </dd>
              <dt>{entryKind(entry)}</dt>
              <dd>
                {entryKind(entry) === "Bild" ? (
                  found.state === "rejected" ? (
                    "Das Bild wurde mit der Ablehnung gelöscht."
                  ) : preview ? (
                    <img
                      src={preview}
                      alt={`Bild von ${clubLabel(entry.club)}`}
                      css={css`
                        display: block;
                        max-width: 100%;
                        max-height: 320px;
                      `}
                    />
                  ) : (
                    "Zu diesem Bild gibt es keine Datei mehr."
                  )
                ) : (
                  <span
                    css={css`
                      white-space: pre-wrap;
                    `}
                  >
                    {entry.slogan ?? ""}
                  </span>
                )}
              </dd>
            </dl>
          )}
          {notice && (
            <p
              role="status"
              css={(theme: Theme) => css`
                margin: 0 0 ${theme.space(4)};
                font-weight: 700;
              `}
            >
              {notice}
            </p>
          )}
          {found.state === "published" && entry && (
            <div
              css={(theme: Theme) => css`
                margin: 0 0 ${theme.space(4)};
              `}
            >
              <Button
                variant="secondary"
                onClick={() => setWithdrawing(true)}
                aria-describedby="entry-lookup-withdraw-hint"
              >
                {lookupTexts.withdraw}
              </Button>
              <p
                id="entry-lookup-withdraw-hint"
                css={(theme: Theme) => css`
                  margin: ${theme.space(2)} 0 0;
                  font-size: 0.875rem;
                `}
              >
                {lookupTexts.withdrawHint}
              </p>
            </div>
          )}
          {withdrawing && entry && (
            <DecisionDialog
              decision="withdraw"
              entries={[entry]}
              initialChecklist={EMPTY_CHECKLIST}
              onCancel={() => setWithdrawing(false)}
              onDone={(outcome) => void withdrawDone(outcome)}
            />
          )}
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
                <thead>
                  <tr>
                    <th scope="col">Zeitpunkt</th>
                    <th scope="col">Aktion</th>
                    <th scope="col">Wer</th>
                    <th scope="col">Grund</th>
                    <th scope="col">Checkliste</th>
                  </tr>
                </thead>
                <tbody>
                  {found.history.map((item) => (
                    <tr key={item.id}>
                      <td>
                        <time dateTime={item.at}>
                          {formatDateTime(item.at)}
                        </time>
                      </td>
                      <td>{ACTION_LABELS[item.action] ?? item.action}</td>
                      <td>{item.actor}</td>
                      <td>{item.reason ?? "–"}</td>
                      <td>
                        <ChecklistSummary item={item} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </Panel>
  );
}
