import { Badge } from '@erd/shared-contracts/ui';

/** The challenge index as a badge: #n = position in the year's list + 1 (decisions §4). */
export function ChallengeBadge({ number }: { number: number }) {
  return <Badge>#{number}</Badge>;
}
