import sharp from 'sharp';
import { lazy } from '../../lib/lazy.js';
import { SHIELD_SVG } from '../share-cards/brand.js';

/**
 * The header's shield in every mail, as a small PNG attached to the mail itself (`cid:`), not loaded
 * from our server: mail programs show it without "load images", and no request tells us a mail was
 * opened. Drawn once from the same SVG as the site's header (30 × 36 px, twice that for sharp screens).
 */
export const LOGO_CID = 'shield@punktejagd';

export interface InlineAttachment {
  filename: string;
  /** Base64 (a mail job's data is JSON). */
  content: string;
  encoding: 'base64';
  contentType: string;
  cid: string;
  contentDisposition: 'inline';
}

const png = lazy(async () =>
  (
    await sharp(Buffer.from(SHIELD_SVG), { density: 300 })
      .resize(60, 72, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer()
  ).toString('base64'),
);

export async function logoAttachment(): Promise<InlineAttachment> {
  return {
    filename: 'punktejagd.png',
    content: await png.get(),
    encoding: 'base64',
    contentType: 'image/png',
    cid: LOGO_CID,
    contentDisposition: 'inline',
  };
}
