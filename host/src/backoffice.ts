// The back office's entry (`/backoffice/*`, served as backoffice.html): a page of its own, so
// nothing of it is part of the public pages' first load. Async boundary as in index.ts.
import('./backoffice-bootstrap');
