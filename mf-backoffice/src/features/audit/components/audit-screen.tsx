import { useRef, useState } from 'react';
import { ButtonAnchor } from '@erd/shared-contracts/ui';
import { Pager } from '../../../components/pager';
import { ScreenHeader } from '../../../components/screen';
import { dataOf, LoadState, ResultSummary, useOperatorData } from '../../../kit';
import { AUDIT_PAGE_SIZE, auditCsvUrl, listAudit } from '../api/list-audit';
import { type AuditDraft, AuditFilterForm, EMPTY_AUDIT_FILTER } from './audit-filter-form';
import { AuditTable } from './audit-table';
import { auditTexts } from './audit-texts';

export { auditTexts };

/**
 * 'Protokoll': the one audit log of every write, for both roles: filtered (action, who, subject,
 * its kind, from/to day), paged on the server, newest first; each entry's details (before/after)
 * open in its row; 'CSV exportieren' downloads the file with the same filters.
 */
export function AuditScreen() {
  const [filter, setFilter] = useState<AuditDraft>(EMPTY_AUDIT_FILTER);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const summary = useRef<HTMLHeadingElement>(null);
  const list = useOperatorData([filter, page], () => listAudit(filter, page), { keepPrevious: true });

  const show = (next: AuditDraft) => {
    setOpen(null);
    setPage(1);
    setFilter(next);
  };

  const goTo = (next: number) => {
    setOpen(null);
    setPage(next);
    summary.current?.focus();
  };

  const result = dataOf(list);
  const pages = result ? Math.max(1, Math.ceil(result.total / AUDIT_PAGE_SIZE)) : 1;

  return (
    <section aria-labelledby="audit-title">
      <ScreenHeader
        title="Protokoll"
        titleId="audit-title"
        intro="Jede Änderung im Backoffice und auf der Kommandozeile: wer, wann, was, vorher und nachher, und warum."
      >
        <ButtonAnchor variant="secondary" href={auditCsvUrl(filter)} download>
          CSV exportieren
        </ButtonAnchor>
      </ScreenHeader>

      <AuditFilterForm onFilter={show} onReset={() => show(EMPTY_AUDIT_FILTER)} />

      <LoadState state={list} loading={auditTexts.loading} failed={auditTexts.loadFailed} showRefusal />
      {result && (
        <>
          <ResultSummary ref={summary} live>
            {result.total === 0
              ? auditTexts.none
              : `${result.total.toLocaleString('de-DE')} ${result.total === 1 ? 'Eintrag' : 'Einträge'}`}
          </ResultSummary>
          {result.items.length > 0 && (
            <AuditTable items={result.items} page={page} pages={pages} open={open} onToggle={(id) => setOpen(open === id ? null : id)} />
          )}
          {result.total > AUDIT_PAGE_SIZE && <Pager page={page} pages={pages} onPage={goTo} />}
        </>
      )}
    </section>
  );
}
