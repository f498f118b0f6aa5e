/**
 * The back-office kit: how a screen loads its data (`useOperatorData`) and shows the states of it
 * (`LoadState`), and a searched, paged list's filter (`usePagedFilter`). The table, search and
 * pager pieces live beside it in ../components.
 */
export {
  dataOf,
  useOperatorData,
  type DataKey,
  type OperatorData,
  type OperatorDataOptions,
  type OperatorDataState,
} from './use-operator-data';
export { LoadState, type LoadStateProps } from './load-state';
export { ResultSummary } from './result-summary';
export { usePagedFilter, type PagedFilter } from './use-paged-filter';
