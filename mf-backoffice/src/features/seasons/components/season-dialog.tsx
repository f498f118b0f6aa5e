import { Link } from '@erd/shared-contracts';
import type { AdminSeasonChallengeDto, AdminSeasonDto } from '@erd/shared-contracts/schemas';
import { SEASONS_PATH } from '../lib';
import { ActionDialog } from './action-dialog';

export type RowAction = 'remove' | 'withdraw' | 'restore' | 'duplicate';
export type Pending = { kind: RowAction; challenge: AdminSeasonChallengeDto } | { kind: 'order' } | { kind: 'switch' };

/** The dialog a change asks first in: a reason, or in the public season the confirmation. */
export function PendingDialog({
  pending,
  season,
  sending,
  failure,
  onCancel,
  onSubmit,
}: {
  pending: Pending;
  season: AdminSeasonDto;
  sending: boolean;
  failure: { message: string; field: string | null } | null;
  onCancel: () => void;
  onSubmit: (reason: string | undefined) => void;
}) {
  const common = { sending, failure, onCancel, onSubmit, live: season.current };
  if (pending.kind === 'switch') {
    return (
      <ActionDialog
        {...common}
        live={false}
        title={`Saison ${season.year} öffentlich schalten`}
        description={`Die öffentliche Seite zeigt danach die Saison ${season.year}: Ab dem nächsten Seitenaufruf sehen alle Besucher ihre Challenges, auf jedem Server. Der Wechsel steht mit dem Grund im Protokoll.`}
        reasonLabel="Grund des Wechsels"
        submitLabel="Saison wechseln"
      />
    );
  }
  if (pending.kind === 'order') {
    return (
      <ActionDialog
        {...common}
        title="Reihenfolge der öffentlichen Saison ändern"
        description="Die Challenges bekommen in der öffentlichen Saison neue Nummern (#n)."
        submitLabel="Reihenfolge speichern"
      />
    );
  }
  const name = `„${pending.challenge.headline}“`;
  switch (pending.kind) {
    case 'duplicate':
      return (
        <ActionDialog
          {...common}
          title="Challenge duplizieren"
          description={`Eine Kopie von ${name} (ohne Beiträge, Stimmen und Ergebnisse) kommt direkt darunter in die Saison.`}
          submitLabel="Duplizieren"
        />
      );
    case 'remove':
      return (
        <ActionDialog
          {...common}
          title="Challenge entfernen"
          description={`${name} wird aus der Saison gelöscht. Sie hat keine Beiträge.`}
          reasonLabel="Grund des Entfernens"
          submitLabel="Entfernen"
        />
      );
    case 'withdraw':
      return (
        <ActionDialog
          {...common}
          title="Challenge zurückziehen"
          description={`${name} verschwindet aus der öffentlichen Saison (Listen, Nummerierung, Mails). Ihre Beiträge, Stimmen und Ergebnisse bleiben gespeichert; wiederherstellen geht jederzeit.`}
          reasonLabel="Grund des Zurückziehens"
          submitLabel="Zurückziehen"
        />
      );
    default:
      return (
        <ActionDialog
          {...common}
          title="Challenge wiederherstellen"
          description={`${name} kommt an ihrer Stelle zurück in die Saison.`}
          reasonLabel="Grund des Wiederherstellens"
          submitLabel="Wiederherstellen"
        />
      );
  }
}

export function BackLink() {
  return (
    <p>
      <Link to={SEASONS_PATH}>Zurück zu den Saisons</Link>
    </p>
  );
}
