import { css, type Theme } from "@emotion/react";
import {
  type FormEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { isApiError } from "@erd/shared-contracts";
import type {
  NewsletterSortDto,
  NewsletterStatusDto,
  NewsletterSubscriberDto,
  NewsletterSubscriberPageDto,
} from "@erd/shared-contracts/backoffice";
import {
  FieldLabel,
  FormMessage,
  TextField,
} from "@erd/shared-contracts/forms";
import { Button, ButtonAnchor, Spinner } from "@erd/shared-contracts/ui";
import { ForbiddenScreen } from "../../../components/forbidden-screen";
import { Panel, ScreenHeader } from "../../../components/screen";
import { SearchPanel } from "../../../components/search-panel";
import { Pager } from "../../../components/pager";
import { SortSelect } from "../../../components/sort-select";
import { selectStyle, visuallyHidden } from "../../../components/table-styles";
import { formatDateTime } from "../../../lib/format";
import { useOperatorSession } from "../../../lib/operator-session";
import {
  listSubscribers,
  SUBSCRIBER_PAGE_SIZE,
  SUBSCRIBERS_CSV_URL,
} from "../api/list-subscribers";
import { ClubFansExport } from "./club-fans-export";
import { ConsentLogDialog } from "./consent-log-dialog";
import {
  UnsubscribeDialog,
  type UnsubscribeOutcome,
} from "./unsubscribe-dialog";

export const newsletterTexts = {
  loading: "Adressen werden geladen …",
  loadFailed:
    "Die Adressen konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.",
  none: "Keine Adresse passt zur Suche.",
  forbidden: "Dafür fehlt dir die Berechtigung.",
  forbiddenHint:
    "Die Newsletter-Adressen sind personenbezogene Daten: Nur Administratoren sehen, exportieren und verwalten sie.",
  gone: "Diese Adresse gibt es nicht mehr. Die Liste ist neu geladen.",
} as const;

const STATUS_LABELS: Record<NewsletterStatusDto, string> = {
  confirmed: "Bestätigt",
  pending: "Unbestätigt",
  unsubscribed: "Abgemeldet",
};
const SORT_LABELS: Record<NewsletterSortDto, string> = {
  email: "Adresse (A–Z)",
  "-email": "Adresse (Z–A)",
  "-consented": "Neueste Einwilligung zuerst",
  consented: "Älteste Einwilligung zuerst",
  "-confirmed": "Zuletzt bestätigt zuerst",
  confirmed: "Am frühesten bestätigt zuerst",
};

const countText = (total: number, status: NewsletterStatusDto) =>
  `${total === 1 ? "1 Adresse" : `${total} Adressen`} (${STATUS_LABELS[status].toLowerCase()})`;

type List =
  | { status: "loading" }
  | { status: "error" }
  | { status: "forbidden" }
  | { status: "ready"; page: NewsletterSubscriberPageDto };

/** What a moderator (or anyone the server refuses) sees instead of the screen. */
function Forbidden() {
  return <ForbiddenScreen title="Newsletter" titleId="newsletter-title" message={newsletterTexts.forbidden} hint={newsletterTexts.forbiddenHint} />;
}

/**
 * 'Newsletter' (admins only: subscriber addresses are personal data a moderator does not need,
 * and the server refuses them with 403): the addresses, searched, filtered by status and paged on
 * the server (confirmed by default; the server audits every page read), each address's consent
 * log, the export ('CSV exportieren', a download from the server) and unsubscribing an address
 * with a reason. A moderator gets 'Dafür fehlt dir die Berechtigung.' and no call is made.
 */
export function NewsletterScreen() {
  const { state } = useOperatorSession();
  const isAdmin =
    state.status === "signed-in" && state.operator.role === "admin";
  return isAdmin ? <Subscribers /> : <Forbidden />;
}

function Subscribers() {
  const { signedOut } = useOperatorSession();
  const [draft, setDraft] = useState({
    query: "",
    status: "confirmed" as NewsletterStatusDto,
    sort: "email" as NewsletterSortDto,
  });
  const [filter, setFilter] = useState({
    query: "",
    status: "confirmed" as NewsletterStatusDto,
    sort: "email" as NewsletterSortDto,
    from: 0,
  });
  const [list, setList] = useState<List>({ status: "loading" });
  const [notice, setNotice] = useState<{
    tone: "success" | "error";
    text: string;
  } | null>(null);
  const [consentOf, setConsentOf] = useState<string | null>(null);
  const [unsubscribing, setUnsubscribing] =
    useState<NewsletterSubscriberDto | null>(null);
  const summary = useRef<HTMLHeadingElement>(null);
  const request = useRef(0);
  const expired = useCallback(() => signedOut("expired"), [signedOut]);

  const load = useCallback(async () => {
    const id = ++request.current;
    setList((current) =>
      current.status === "ready" ? current : { status: "loading" },
    );
    try {
      const page = await listSubscribers({
        ...filter,
        size: SUBSCRIBER_PAGE_SIZE,
      });
      if (id === request.current) setList({ status: "ready", page });
    } catch (error) {
      if (id !== request.current) return;
      if (isApiError(error) && error.status === 401) signedOut("expired");
      else if (isApiError(error) && error.status === 403)
        setList({ status: "forbidden" });
      else setList({ status: "error" });
    }
  }, [filter, signedOut]);

  useEffect(() => {
    void load();
  }, [load]);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    setFilter({
      query: draft.query.trim(),
      status: draft.status,
      sort: draft.sort,
      from: 0,
    });
  };

  const unsubscribeDone = (
    subscriber: NewsletterSubscriberDto,
    outcome: UnsubscribeOutcome,
  ) => {
    setUnsubscribing(null);
    if (outcome === "unauthorized") return signedOut("expired");
    if (outcome === "forbidden")
      setNotice({ tone: "error", text: newsletterTexts.forbidden });
    else if (outcome === "gone")
      setNotice({ tone: "error", text: newsletterTexts.gone });
    else
      setNotice({
        tone: "success",
        text: `${subscriber.email} ist vom Newsletter abgemeldet.`,
      });
    summary.current?.focus();
    void load();
  };

  const page = list.status === "ready" ? list.page : null;
  const pages = page
    ? Math.max(1, Math.ceil(page.total / SUBSCRIBER_PAGE_SIZE))
    : 1;
  const current = Math.floor(filter.from / SUBSCRIBER_PAGE_SIZE) + 1;

  if (list.status === "forbidden") return <Forbidden />;
  return (
    <section aria-labelledby="newsletter-title">
      <ScreenHeader
        title="Newsletter"
        titleId="newsletter-title"
        intro="Abonnenten mit Double-Opt-in und ihre Einwilligungen. Jeder Abruf der Adressen steht im Protokoll."
      >
        <ButtonAnchor variant="secondary" href={SUBSCRIBERS_CSV_URL} download>
          CSV exportieren
        </ButtonAnchor>
      </ScreenHeader>

      <SearchPanel label="Adressen suchen" onSubmit={onSearch}>
        <TextField
          label="E-Mail-Adresse"
          name="query"
          type="search"
          maxLength={254}
          value={draft.query}
          onChange={(e) => setDraft({ ...draft, query: e.target.value })}
        />
        <div>
          <FieldLabel htmlFor="newsletter-status">Status</FieldLabel>
          <select
            id="newsletter-status"
            value={draft.status}
            onChange={(e) =>
              setDraft({
                ...draft,
                status: e.target.value as NewsletterStatusDto,
              })
            }
            css={selectStyle}
          >
            {(Object.keys(STATUS_LABELS) as NewsletterStatusDto[]).map(
              (status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ),
            )}
          </select>
        </div>
        <SortSelect
          id="newsletter-sort"
          labels={SORT_LABELS}
          value={draft.sort}
          onChange={(sort) => setDraft({ ...draft, sort })}
        />
        <Button type="submit" variant="primary">
          Suchen
        </Button>
      </SearchPanel>

      <div
        role="status"
        css={(theme: Theme) => css`
          &:not(:empty) {
            margin-bottom: ${theme.space(5)};
          }
        `}
      >
        {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
      </div>

      {list.status === "loading" && <Spinner label={newsletterTexts.loading} />}
      {list.status === "error" && (
        <Panel role="alert">
          <p>{newsletterTexts.loadFailed}</p>
          <Button variant="secondary" onClick={() => void load()}>
            Erneut laden
          </Button>
        </Panel>
      )}
      {page && (
        <>
          <h2
            ref={summary}
            tabIndex={-1}
            css={(theme: Theme) => css`
              margin: 0 0 ${theme.space(4)};
              font-size: 1.125rem;
              &:focus {
                outline: none;
              }
            `}
          >
            {page.total === 0
              ? newsletterTexts.none
              : countText(page.total, filter.status)}
          </h2>
          {page.items.length > 0 && (
            <div
              role="region"
              aria-label="Adressen"
              tabIndex={0}
              css={(theme: Theme) => css`
                overflow-x: auto;
                border: 1px solid ${theme.colors.border};
                border-radius: ${theme.radius};
                background: ${theme.colors.surface};
                &:focus-visible {
                  outline: 3px solid ${theme.colors.focus};
                }
              `}
            >
              <table
                css={(theme: Theme) => css`
                  width: 100%;
                  border-collapse: collapse;
                  th,
                  td {
                    padding: ${theme.space(3)};
                    text-align: left;
                    vertical-align: middle;
                    border-bottom: 1px solid ${theme.colors.border};
                  }
                  th {
                    font-size: 0.875rem;
                  }
                  td:first-of-type {
                    overflow-wrap: anywhere;
                    min-width: 180px;
                  }
                `}
              >
                {/* The status filter decides the rows' status (the heading names it), so it has no column. */}
                <caption css={visuallyHidden}>
                  Newsletter-Adressen, sortiert nach {SORT_LABELS[filter.sort]},
                  Seite {current} von {pages}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">E-Mail</th>
                    <th scope="col">Einwilligung</th>
                    <th scope="col">Bestätigt</th>
                    <th scope="col">
                      <span
                        css={css`
                          position: absolute;
                          width: 1px;
                          height: 1px;
                          overflow: hidden;
                          clip: rect(0 0 0 0);
                        `}
                      >
                        Aktionen
                      </span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((item) => (
                    <tr key={item.id}>
                      <th scope="row">{item.email}</th>
                      <td>{formatDateTime(item.consentedAt)}</td>
                      <td>
                        {item.confirmedAt
                          ? formatDateTime(item.confirmedAt)
                          : "–"}
                      </td>
                      <td>
                        <div
                          css={(theme: Theme) => css`
                            display: flex;
                            flex-direction: column;
                            align-items: stretch;
                            gap: ${theme.space(2)};
                          `}
                        >
                          <Button
                            variant="outline"
                            onClick={() => setConsentOf(item.email)}
                            aria-label={`Einwilligungen von ${item.email}`}
                          >
                            Einwilligungen
                          </Button>
                          {item.status !== "unsubscribed" && (
                            <Button
                              variant="secondary"
                              onClick={() => setUnsubscribing(item)}
                              aria-label={`${item.email} abmelden`}
                            >
                              Abmelden
                            </Button>
                          )}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {page.total > SUBSCRIBER_PAGE_SIZE && (
            <Pager
              page={current}
              pages={pages}
              onPage={(n) =>
                setFilter({ ...filter, from: (n - 1) * SUBSCRIBER_PAGE_SIZE })
              }
            />
          )}
        </>
      )}

      <ClubFansExport onUnauthorized={expired} />

      {consentOf && (
        <ConsentLogDialog
          email={consentOf}
          onClose={() => setConsentOf(null)}
        />
      )}
      {unsubscribing && (
        <UnsubscribeDialog
          subscriber={unsubscribing}
          onCancel={() => setUnsubscribing(null)}
          onDone={(outcome) => unsubscribeDone(unsubscribing, outcome)}
        />
      )}
    </section>
  );
}
