import PDFDocument from 'pdfkit';
import { AGE_LINE, BRAND, CREST_SVG, SHIELD_SVG, initials, wordmarkParts } from './brand.js';
import { challengeLabel } from './parts.js';
import { fitting, measure, registerFonts, write } from './pdf-text.js';
import { QUIET_ZONE, qrMatrix, qrRuns } from './qr.js';
import { containPicture, coverPicture, inRenderSlot } from './render.js';
import { displayUrl, entryTexts } from './text.js';
import type { EntryShareModel, RenderedPoster } from './types.js';

/**
 * The club's poster (A4 portrait, PDF, pdfkit): the entry on the brand's navy, the club, a large
 * QR code of the entry's link (`via=qr`), drawn as vector rectangles, and three steps 'So stimmst du
 * ab'. Text is vector type in Roboto Condensed (embedded as subsets); the shield is the header's
 * path. A text whose characters need the latin-ext file is set in runs, one font per run.
 */

/** A4 in PostScript points. */
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 44;
const CONTENT = PAGE.width - MARGIN * 2;
const NAVY_BOTTOM = 470;

type Doc = PDFKit.PDFDocument;

/**
 * One of our own SVG drawings (the shield, the crest: `path` and `circle` with fill or stroke, in a
 * 40×48 view box) drawn into the PDF as vector paths, `height` tall.
 */
function drawSvg(doc: Doc, svg: string, x: number, y: number, height: number) {
  doc
    .save()
    .translate(x, y)
    .scale(height / 48);
  // Definitions and clipped groups are left out (the crest's bars are drawn by drawCrest).
  const plain = svg.replace(/<defs>.*?<\/defs>/gs, '').replace(/<g clip-path=.*?<\/g>/gs, '');
  for (const [, tag, attributes] of plain.matchAll(/<(path|circle|rect)\s([^>]*?)\/?>/g)) {
    const attr = (name: string) => new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes!)?.[1];
    if (tag === 'circle') doc.circle(Number(attr('cx')), Number(attr('cy')), Number(attr('r')));
    else if (tag === 'rect') doc.rect(Number(attr('x') ?? 0), Number(attr('y') ?? 0), Number(attr('width')), Number(attr('height')));
    else doc.path(attr('d')!);
    const fill = attr('fill');
    const stroke = attr('stroke');
    if (fill && fill !== 'none') doc.fill(fill);
    else if (stroke) doc.lineWidth(Number(attr('stroke-width') ?? 1)).stroke(stroke);
  }
  doc.restore();
}

/** The placeholder crest's two yellow bars, clipped to its inner shield (pdfkit has no clip paths from SVG). */
function drawCrest(doc: Doc, x: number, y: number, height: number) {
  drawSvg(doc, CREST_SVG, x, y, height);
  doc
    .save()
    .translate(x, y)
    .scale(height / 48);
  doc.path('M20 5 34.3 10.1v12.1c0 9.2-5.9 16.8-14.3 20.7-8.4-3.9-14.3-11.5-14.3-20.7V10.1z').clip();
  doc.rect(0, 30, 40, 2.6).fill(BRAND.yellow).rect(0, 34, 40, 1.2).fill(BRAND.yellow);
  doc.restore();
}

function wordmark(doc: Doc, productName: string, x: number, y: number) {
  drawSvg(doc, SHIELD_SVG, x, y, 34);
  const [first, second] = wordmarkParts(productName);
  const spans = [{ text: first }, { text: second, color: BRAND.yellow }];
  write(doc, spans, x + 36, y + 5, 300, { face: 'heavyItalic', size: 24, color: BRAND.white, characterSpacing: 0.4, maxLines: 1 });
}

/** The brand's diagonals in a corner (top right). */
function stripes(doc: Doc, scale: number) {
  const w = PAGE.width;
  const [a, b, c, d] = [170, 134, 108, 94].map((n) => n * scale) as [number, number, number, number];
  doc.polygon([w - a, 0], [w, a], [w, b], [w - b, 0]).fill(BRAND.yellow);
  doc
    .save()
    .fillOpacity(0.55)
    .polygon([w - c, 0], [w, c], [w, d], [w - d, 0])
    .fill(BRAND.yellow)
    .restore();
}

function qrCode(doc: Doc, url: string, x: number, y: number, size: number) {
  const matrix = qrMatrix(url);
  const modules = matrix.size + QUIET_ZONE * 2;
  const unit = size / modules;
  doc.rect(x, y, size, size).fill(BRAND.white);
  for (const [row, col, length] of qrRuns(matrix)) {
    // A hair of overlap, so no seam shows between neighbouring modules when the page is rasterised.
    doc.rect(x + (col + QUIET_ZONE) * unit, y + (row + QUIET_ZONE) * unit, length * unit + 0.05, unit + 0.05);
  }
  doc.fill(BRAND.navy);
}

function dataUriBuffer(uri: string): Buffer {
  return Buffer.from(uri.slice(uri.indexOf(',') + 1), 'base64');
}

export function renderPoster(m: EntryShareModel): Promise<RenderedPoster> {
  return inRenderSlot(() => drawPoster(m));
}

async function drawPoster(m: EntryShareModel): Promise<RenderedPoster> {
  const { productName, challengeTitle, clubName, team, url, slogan } = entryTexts(m);
  const [logo, photo] = await Promise.all([
    containPicture(m.clubLogo, 200),
    m.kind === 'picture' ? coverPicture(m.picture, 900, 900) : Promise.resolve(null),
  ]);

  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    info: { Title: `${challengeTitle} – ${clubName}`, Author: productName, Subject: 'So stimmst du ab' },
    lang: 'de-DE',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerFonts(doc);

  // The navy top with a slanted lower edge and a yellow stripe along it.
  doc.polygon([0, 0], [PAGE.width, 0], [PAGE.width, NAVY_BOTTOM - 40], [0, NAVY_BOTTOM]).fill(BRAND.navy);
  doc.polygon([0, NAVY_BOTTOM], [PAGE.width, NAVY_BOTTOM - 40], [PAGE.width, NAVY_BOTTOM - 30], [0, NAVY_BOTTOM + 10]).fill(BRAND.yellow);
  stripes(doc, 1);
  wordmark(doc, productName, MARGIN, 36);

  let y = 96;
  y = write(doc, challengeLabel(m.challengeNumber).toUpperCase(), MARGIN, y, CONTENT, {
    face: 'bold',
    size: 12,
    color: BRAND.yellow,
    characterSpacing: 2,
  });
  y =
    write(doc, challengeTitle, MARGIN, y + 4, CONTENT - 60, {
      face: 'heavyItalic',
      size: 28,
      color: BRAND.white,
      lineGap: -2,
      maxLines: 2,
    }) + 16;

  const entryBottom = NAVY_BOTTOM - 60;
  if (m.kind === 'picture') {
    y += 22; // room for the tape
    const side = Math.min(NAVY_BOTTOM + 6 - y, 290);
    const px = (PAGE.width - side) / 2;
    doc.save().rotate(-2, { origin: [PAGE.width / 2, y + side / 2] });
    doc.rect(px - 8, y - 8, side + 16, side + 16).fill(BRAND.white);
    if (photo) doc.image(dataUriBuffer(photo), px, y, { width: side, height: side });
    else doc.rect(px, y, side, side).fill('#dfe6ee');
    doc.restore();
    doc
      .save()
      .rotate(3, { origin: [PAGE.width / 2, y - 8] })
      .fillOpacity(0.92)
      .rect(PAGE.width / 2 - 50, y - 20, 100, 24)
      .fill(BRAND.yellow)
      .restore();
  } else {
    const style = { face: 'heavyItalic' as const, color: BRAND.white, lineGap: -3 };
    const spans = [{ text: '„', color: BRAND.yellow }, { text: slogan }, { text: '“', color: BRAND.yellow }];
    const size = fitting(doc, spans, CONTENT, entryBottom - y, style, [56, 50, 46, 40, 36, 32, 28, 25, 22, 20]);
    const height = Math.min(measure(doc, spans, CONTENT, { ...style, size }), entryBottom - y);
    const maxLines = Math.max(1, Math.floor((entryBottom - y) / (size * 1.1)));
    write(doc, spans, MARGIN, y + Math.max(0, (entryBottom - y - height) / 2), CONTENT, { ...style, size, maxLines });
  }

  // The club.
  y = NAVY_BOTTOM + 22;
  const crestSize = 46;
  if (logo) doc.image(dataUriBuffer(logo), MARGIN, y, { fit: [crestSize, crestSize] });
  else {
    drawCrest(doc, MARGIN, y - 4, crestSize + 8);
    write(doc, initials(clubName), MARGIN + 3, y + 11, crestSize + 2, {
      face: 'heavyItalic',
      size: 12,
      color: BRAND.white,
      align: 'center',
      maxLines: 1,
    });
  }
  const nameWidth = CONTENT - crestSize - 14;
  const nameStyle = { face: 'bold' as const, color: BRAND.navy };
  const nameSize = fitting(doc, clubName, nameWidth, 26, nameStyle, [20, 18, 16]);
  const nameBottom = write(doc, clubName, MARGIN + crestSize + 14, y + 2, nameWidth, { ...nameStyle, size: nameSize, maxLines: 2 });
  write(doc, team.toUpperCase(), MARGIN + crestSize + 14, nameBottom + 2, 200, {
    face: 'bold',
    size: 10,
    color: BRAND.muted,
    characterSpacing: 1.5,
  });

  // The QR code and the three steps.
  const qrTop = Math.max(y + 72, nameBottom + 34);
  const qrSize = 190;
  doc
    .roundedRect(MARGIN - 6, qrTop - 6, qrSize + 12, qrSize + 12, 8)
    .lineWidth(3)
    .stroke(BRAND.yellow);
  qrCode(doc, m.url, MARGIN, qrTop, qrSize);
  write(doc, displayUrl(url), MARGIN - 6, qrTop + qrSize + 14, qrSize + 12, {
    face: 'regular',
    size: 8,
    color: BRAND.muted,
    align: 'center',
    maxLines: 3,
  });

  const stepsX = MARGIN + qrSize + 36;
  const stepsWidth = PAGE.width - MARGIN - stepsX;
  let sy = write(doc, 'So stimmst du ab', stepsX, qrTop - 4, stepsWidth, { face: 'heavyItalic', size: 30, color: BRAND.navy }) + 14;
  const steps: [string, string][] = [
    ['QR-Code scannen', 'Mit der Kamera deines Handys.'],
    ['Beitrag ansehen', 'Der Link führt direkt zu unserem Beitrag.'],
    ['„Abstimmen“ tippen', 'Ohne Anmeldung. Danke für deine Stimme!'],
  ];
  steps.forEach(([title, line], index) => {
    doc.circle(stepsX + 14, sy + 13, 14).fill(BRAND.yellow);
    write(doc, String(index + 1), stepsX, sy + 3, 28, { face: 'heavyItalic', size: 17, color: BRAND.navy, align: 'center' });
    const ty = write(doc, title, stepsX + 40, sy + 2, stepsWidth - 40, { face: 'bold', size: 17, color: BRAND.navy });
    sy = write(doc, line, stepsX + 40, ty + 1, stepsWidth - 40, { face: 'regular', size: 11, color: BRAND.muted }) + 14;
  });

  // The foot: the 18+ line on navy.
  const footTop = PAGE.height - 52;
  doc.rect(0, footTop, PAGE.width, 52).fill(BRAND.navy);
  doc
    .circle(MARGIN + 13, footTop + 26, 13)
    .lineWidth(1.5)
    .stroke(BRAND.white);
  write(doc, '18+', MARGIN, footTop + 20.5, 26, { face: 'bold', size: 9, color: BRAND.white, align: 'center' });
  write(doc, AGE_LINE, MARGIN + 36, footTop + 19, 300, { face: 'regular', size: 11, color: BRAND.white, maxLines: 1 });
  write(doc, productName.toUpperCase(), PAGE.width - MARGIN - 200, footTop + 17, 200, {
    face: 'heavyItalic',
    size: 14,
    color: BRAND.yellow,
    align: 'right',
    maxLines: 1,
  });

  doc.end();
  return { data: await done, contentType: 'application/pdf' };
}
