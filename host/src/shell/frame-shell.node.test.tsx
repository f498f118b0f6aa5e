/**
 * @jest-environment node
 */
import { HEADER_HEIGHT_PX } from '../features/header/components/header';
import { renderFrameShell } from './frame-shell';

/** The frame as the host build writes it (emotion's styles inline, as on the server): the header bar's own size and colour. */
test('the bar has the header’s heights (phone, from md on), stays on top and is navy', () => {
  const { body } = renderFrameShell();
  const bar = /<div id="erd-frame-shell"[^>]*><style data-emotion="css ([a-z0-9]+)">([^<]*)<\/style><div class="css-\1">/.exec(body);
  expect(bar).not.toBeNull();
  const rules = bar![2]!;
  expect(rules).toMatch(
    new RegExp(`^\\.css-${bar![1]}\\{--erd-header-height:${HEADER_HEIGHT_PX.base}px;[^}]*position:sticky;top:0;[^}]*background:#0b2a4a;`),
  );
  expect(rules).toContain(`@media (min-width: 900px){.css-${bar![1]}{--erd-header-height:${HEADER_HEIGHT_PX.md}px;}}`);
  // the wordmark in the display face, and the join button's look (the primary button's yellow)
  expect(body).toMatch(/font-family:'Roboto Condensed'[^;]*;font-weight:900;font-style:italic/);
  expect(body).toMatch(/background:#f2b705;color:#0b2a4a;[^<]*<\/style><a href="\/login" tabindex="-1" class="[^"]+">Jetzt mitmachen<\/a>/);
});
