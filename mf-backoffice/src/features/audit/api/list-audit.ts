import { auditPaths, type AuditPageDto, type AuditQuery } from '@erd/shared-contracts/backoffice';
import { apiGet } from '../../../api/http';

/** How many entries one page shows. */
export const AUDIT_PAGE_SIZE = 50;

/** The filters of the screen, as the server takes them (empty ones left out). */
export type AuditFilter = Omit<AuditQuery, 'page' | 'size'>;

function paramsOf(filter: AuditFilter): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filter)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '')
      .map(([k, v]) => [k, v.trim()]),
  );
}

/** GET /api/operator/audit (both roles): one page, filtered on the server, newest first. */
export async function listAudit(filter: AuditFilter, page: number): Promise<AuditPageDto> {
  return apiGet<AuditPageDto>(auditPaths.audit, { params: { ...paramsOf(filter), page, size: AUDIT_PAGE_SIZE } });
}

/** The CSV export with the same filters (the server sends the file, newest first). */
export function auditCsvUrl(filter: AuditFilter): string {
  const query = new URLSearchParams(paramsOf(filter)).toString();
  return query ? `${auditPaths.auditCsv}?${query}` : auditPaths.auditCsv;
}
