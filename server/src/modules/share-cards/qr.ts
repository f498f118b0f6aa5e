import QRCode from 'qrcode';
import { BRAND } from './brand.js';

/**
 * The entry's QR code (npm `qrcode`), drawn by us from its modules: as an SVG path for the story,
 * as rectangles in the poster's PDF. Error correction 'M' (15 %): a printed poster may get a crease
 * or a pin through it. The quiet zone (4 modules, as the standard asks) is part of the drawing.
 */

export const QUIET_ZONE = 4;

export interface QrMatrix {
  /** Modules per side, without the quiet zone. */
  size: number;
  dark: (row: number, col: number) => boolean;
}

/** The longest link a code is made for (a version 15 code at 'M' holds ~ 400 bytes). */
const MAX_URL = 400;

export function qrMatrix(url: string): QrMatrix {
  const text = url.trim();
  if (!text || text.length > MAX_URL) throw new RangeError(`a QR code takes a link of 1–${MAX_URL} characters`);
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (row, col) => modules.get(row, col) === 1 };
}

/** Each run of dark modules in a row, as [row, firstCol, length]. */
export function qrRuns(matrix: QrMatrix): [number, number, number][] {
  const runs: [number, number, number][] = [];
  for (let row = 0; row < matrix.size; row++) {
    let start = -1;
    for (let col = 0; col <= matrix.size; col++) {
      const dark = col < matrix.size && matrix.dark(row, col);
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        runs.push([row, start, col - start]);
        start = -1;
      }
    }
  }
  return runs;
}

/** The code as an SVG document (navy on white, quiet zone included), one unit per module. */
export function qrSvg(url: string, color: string = BRAND.navy): string {
  const matrix = qrMatrix(url);
  const side = matrix.size + QUIET_ZONE * 2;
  const d = qrRuns(matrix)
    .map(([row, col, length]) => `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h${length}v1h-${length}z`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#ffffff"/><path d="${d}" fill="${color}"/></svg>`
  );
}
