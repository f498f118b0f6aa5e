import { lazy, Suspense, useEffect, useState } from 'react';
import { loadSpaceData } from '@erd/shared-contracts';

// The bar is a chunk of its own: a visitor's page (no preview) does not load it.
const PreviewBar = lazy(() => import('./preview-bar').then((m) => ({ default: m.PreviewBar })));

/** The previewed season's year while an operator's preview is on (the space data says `preview: true`), else null. */
export function usePreviewYear(): number | null {
  const [year, setYear] = useState<number | null>(null);
  useEffect(() => {
    let active = true;
    loadSpaceData().then(
      (data) => {
        if (active && data.preview === true) setYear(data.year.fields.year);
      },
      () => {},
    );
    return () => {
      active = false;
    };
  }, []);
  return year;
}

/** Issue 26: the 'Vorschau' bar on every page while an operator previews a season; nothing otherwise. */
export function PreviewSlot({ reload }: { reload?: () => void }) {
  const year = usePreviewYear();
  if (year === null) return null;
  return (
    <Suspense fallback={null}>
      <PreviewBar year={year} reload={reload} />
    </Suspense>
  );
}
