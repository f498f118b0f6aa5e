// Reads a poster PDF the way a phone would meet it printed: mupdf (ESM and WebAssembly, which jest's
// CommonJS environment cannot load, hence a process of its own) opens it and renders page 1 to
// pixels, jsQR decodes the QR code from those pixels. Prints JSON: pages, the page size in points,
// the page's text, the decoded link (or null). With a second argument it also writes the page as PNG.
//   node read-poster.mjs poster.pdf [page.png]
import fs from 'node:fs';
import jsQR from 'jsqr';
import * as mupdf from 'mupdf';

const [file, pngOut] = process.argv.slice(2);
const doc = mupdf.Document.openDocument(fs.readFileSync(file), 'application/pdf');
const page = doc.loadPage(0);
const [x0, y0, x1, y1] = page.getBounds();
const zoom = 2; // 144 dpi
const pixmap = page.toPixmap(mupdf.Matrix.scale(zoom, zoom), mupdf.ColorSpace.DeviceRGB, true);
const width = pixmap.getWidth();
const height = pixmap.getHeight();
const pixels = pixmap.getPixels();
const rgba = pixels.length === width * height * 4 ? new Uint8ClampedArray(pixels) : null;
const code = rgba ? jsQR(rgba, width, height) : null;
if (pngOut) fs.writeFileSync(pngOut, pixmap.asPNG());
const text = page.toStructuredText('preserve-whitespace').asText();
process.stdout.write(JSON.stringify({ pages: doc.countPages(), width: x1 - x0, height: y1 - y0, text, qr: code ? code.data : null }));
