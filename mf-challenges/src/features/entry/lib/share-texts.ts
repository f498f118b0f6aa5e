import { formatGermanNumber } from '@erd/shared-contracts';
import type { OwnReachDto } from '@erd/shared-contracts/schemas';

/**
 * The prefilled WhatsApp text of the club's share kit (issue 23): what the entry is, where and the
 * link (marked `via=whatsapp`). While voting has not ended it asks for votes; afterwards it shows
 * the entry off. The club may change it before copying or sending.
 */
export function entryShareText({
  productName,
  headline,
  picture,
  votingOver,
  url,
}: {
  productName: string;
  headline: string;
  picture: boolean;
  votingOver: boolean;
  url: string;
}): string {
  const entry = picture ? 'unser Bild' : 'unseren Spruch';
  return votingOver
    ? `Schau dir ${entry} bei der ${productName} an! ${headline}: ${url}`
    : `Stimm bei der ${productName} für ${entry} ab! Jede Stimme zählt. ${headline}: ${url}`;
}

const count = (n: number, one: string, many: string) => `${formatGermanNumber(n)} ${n === 1 ? one : many}`;

/** 'Über deine geteilten Links: 3 Besuche, 1 Stimme'. */
export const reachFiguresText = ({ visits, votes }: OwnReachDto) =>
  `Über deine geteilten Links: ${count(visits, 'Besuch', 'Besuche')}, ${count(votes, 'Stimme', 'Stimmen')}`;
