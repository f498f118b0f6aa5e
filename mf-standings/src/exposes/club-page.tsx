import { useParams } from '@erd/shared-contracts';

export default function ClubPage() {
  const { clubId } = useParams();
  return <div>Club {clubId}</div>;
}
