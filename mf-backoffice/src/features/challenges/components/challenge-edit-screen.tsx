import { css } from '@emotion/react';
import { type FormEvent, useState } from 'react';
import { isApiError, Link, useParams, useSearchParams } from '@erd/shared-contracts';
import { backofficePaths } from '@erd/shared-contracts/backoffice';
import { TextField } from '@erd/shared-contracts/forms';
import { Panel, ScreenHeader } from '../../../components/screen';
import { signedInAsAdmin, useOperatorSession } from '../../../lib/operator-session';
import { LoadState, useOperatorData } from '../../../kit';
import { getChallenge } from '../api/get-challenge';
import { DATE_FIELDS, type AdminChallengeDto, type PatchChallengeInput } from '../api/types';
import { updateChallenge } from '../api/update-challenge';
import { uploadImage } from '../../../api/media';
import { ImageList } from '../../../components/image-list';
import { challengesRoute } from './challenges-screen';
import { phaseLabels, typeLabels } from './labels';
import { PointsTableEditor } from './points-table-editor';
import { check, editTexts, type FormState, formOf, PRIZE_IMAGES_SHOWN, TEXT_FIELDS, type TextKey, toRows } from './challenge-form';
import { ChallengeDatesFieldset, ChallengeTextFields, ScoringFieldset } from './challenge-fields';
import { TeaserImageField } from './teaser-image-field';
import { FormFooter } from '../../../components/form-footer';
import { ReasonPrompt } from '../../../components/reason-dialog';
import { stack } from '../../../components/layout-styles';

export { editTexts };

/** 'Challenge bearbeiten': texts, teaser image, dates, points table and goals ranking; read-only for moderators. */
export function ChallengeEditScreen() {
  const { id = '' } = useParams();
  /** Opened from 'Saisons' (`?saison=<yearId>`): the way back leads there. */
  const fromSeason = useSearchParams()[0].get('saison');
  const { state, signedOut } = useOperatorSession();
  const isAdmin = signedInAsAdmin(state);
  const [form, setForm] = useState<FormState | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState<PatchChallengeInput | null>(null);
  const [uploading, setUploading] = useState(false);

  const loaded = useOperatorData(id, () => getChallenge(id), {
    keepPrevious: true,
    notFound: true,
    passwordChange: false,
    onAnswer: (answer) => setForm(formOf(answer)),
  });
  const challenge = loaded.status === 'ready' ? loaded.data : null;
  const setChallenge = (saved: AdminChallengeDto) => loaded.update(() => saved);

  const fail = (error: unknown) => {
    if (isApiError(error) && error.status === 401) return signedOut('expired');
    const body = isApiError(error)
      ? (error.data as { message?: string; field?: string; problems?: { field: string; message: string }[] } | undefined)
      : undefined;
    if (isApiError(error) && error.status === 400 && body?.message) {
      const next: Record<string, string> = {};
      for (const p of body.problems ?? [{ field: body.field ?? '', message: body.message }])
        if (p.field && !next[p.field]) next[p.field] = p.message;
      setErrors(next);
      setMessage({ tone: 'error', text: body.message });
    } else if (isApiError(error) && error.status === 409 && body?.message) {
      setMessage({ tone: 'error', text: body.message });
    } else setMessage({ tone: 'error', text: editTexts.saveFailed });
  };

  const send = async (input: PatchChallengeInput) => {
    setSaving(true);
    try {
      const saved = await updateChallenge(id, input);
      setChallenge(saved);
      setForm(formOf(saved));
      setErrors({});
      setConfirming(null);
      setMessage({ tone: 'success', text: editTexts.saved });
    } catch (error) {
      fail(error);
      if (isApiError(error) && error.status === 400 && (error.data as { field?: string } | undefined)?.field === 'reason') return;
      setConfirming(null);
    } finally {
      setSaving(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!challenge || !form) return;
    setMessage(null);
    const { points, errors: found } = check(form);
    setErrors(found);
    if (Object.keys(found).length) {
      setMessage({ tone: 'error', text: editTexts.fix });
      return;
    }
    const input: PatchChallengeInput = { expectedUpdatedAt: challenge.updatedAt };
    for (const key of TEXT_FIELDS) {
      const value = form.texts[key];
      if (value !== (challenge[key] ?? ''))
        (input as unknown as Record<string, string | null>)[key] = key === 'headline' ? value.trim() : value.trim() ? value : null;
    }
    for (const key of DATE_FIELDS) if (form.dates[key] && form.dates[key] !== challenge[key]) input[key] = form.dates[key];
    if (JSON.stringify(points) !== JSON.stringify(challenge.points)) input.points = points;
    if (form.scoring && form.scoring !== challenge.scoring) input.scoring = form.scoring;
    if (JSON.stringify(form.teaserImage) !== JSON.stringify(challenge.teaserImage)) input.teaserImage = form.teaserImage;
    if (form.prizeImages && JSON.stringify(form.prizeImages) !== JSON.stringify(challenge.prizes?.images ?? []))
      input.prizeImages = form.prizeImages;
    // The results day is no date of the challenge's run: it needs no confirmation while the challenge runs.
    if (form.resultsDate !== (challenge.resultsDate ?? '')) input.resultsDate = form.resultsDate || null;
    const datesChanged = DATE_FIELDS.some((key) => input[key] !== undefined);
    if (datesChanged && challenge.running) setConfirming(input);
    else void send(input);
  };

  const onImage = async (file: File | undefined) => {
    if (!file || !form) return;
    setErrors((e) => ({ ...e, teaserImage: '' }));
    if (!['image/jpeg', 'image/png', 'image/webp'].includes(file.type))
      return setErrors((e) => ({ ...e, teaserImage: editTexts.imageType }));
    if (file.size > 10 * 1024 * 1024) return setErrors((e) => ({ ...e, teaserImage: editTexts.imageSize }));
    setUploading(true);
    try {
      const image = await uploadImage(file);
      setForm((f) => (f ? { ...f, teaserImage: image } : f));
    } catch (error) {
      if (isApiError(error) && error.status === 401) signedOut('expired');
      const text = isApiError(error) ? (error.data as { message?: string } | undefined)?.message : undefined;
      setErrors((e) => ({ ...e, teaserImage: text ?? editTexts.imageFailed }));
    } finally {
      setUploading(false);
    }
  };

  if (!challenge || !form)
    return (
      <LoadState
        state={loaded}
        loading="Challenge wird geladen …"
        failed={editTexts.loadFailed}
        notFound={editTexts.notFound}
        look="message"
      />
    );
  const readOnly = !isAdmin;
  const pointErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([k]) => k === 'points' || k.startsWith('points.'))
      .map(([k, v]) => [k === 'points' ? 'points' : k.slice('points.'.length), v]),
  );
  const dateKeys = DATE_FIELDS.filter((k) => form.dates[k] !== undefined);
  const setText = (key: TextKey, value: string) => setForm({ ...form, texts: { ...form.texts, [key]: value } });

  return (
    <>
      <p>
        {fromSeason ? (
          <Link to={`${backofficePaths.seasons}/${encodeURIComponent(fromSeason)}`}>Zurück zur Saison</Link>
        ) : (
          <Link to={challengesRoute}>Zurück zu den Challenges</Link>
        )}
      </p>
      <ScreenHeader
        title={`#${challenge.number} ${challenge.headline}`}
        intro={`${typeLabels[challenge.type]} · ${phaseLabels[challenge.phase]} · ${challenge.entries} Beiträge${readOnly ? ' · nur lesen' : ''}`}
      />
      <form noValidate onSubmit={onSubmit}>
        <Panel css={stack(5)}>
          <ChallengeTextFields texts={form.texts} errors={errors} readOnly={readOnly} onText={setText} />

          <TeaserImageField
            image={form.teaserImage}
            readOnly={readOnly}
            uploading={uploading}
            error={errors.teaserImage}
            onImage={onImage}
            onRemove={() => setForm({ ...form, teaserImage: null })}
          />

          {form.prizeImages && (
            <ImageList
              id="prize-images"
              legend="Preisbilder"
              name="Preise"
              images={form.prizeImages}
              max={PRIZE_IMAGES_SHOWN}
              readOnly={readOnly}
              error={errors.prizeImages ?? null}
              onChange={(prizeImages) => setForm((f) => (f ? { ...f, prizeImages } : f))}
              onBusy={setUploading}
              onSignedOut={() => signedOut('expired')}
            />
          )}

          <ChallengeDatesFieldset
            dates={form.dates}
            keys={dateKeys}
            running={challenge.running}
            errors={errors}
            readOnly={readOnly}
            onDate={(key, value) => setForm({ ...form, dates: { ...form.dates, [key]: value } })}
          />

          <div css={css`max-width: 320px;`}>
            <TextField
              type="date"
              label={editTexts.resultsDate}
              name="resultsDate"
              optional
              min={form.dates.endDate}
              value={form.resultsDate}
              readOnly={readOnly}
              hint={challenge.published ? editTexts.resultsDatePublished : readOnly ? undefined : editTexts.resultsDateHint}
              error={errors.resultsDate}
              onChange={(e) => setForm({ ...form, resultsDate: e.target.value })}
            />
          </div>

          <PointsTableEditor
            rows={form.rows}
            errors={pointErrors}
            readOnly={readOnly}
            onChange={(rows) => setForm({ ...form, rows })}
            onReset={() => setForm({ ...form, rows: toRows(challenge.defaultPoints) })}
          />

          {challenge.type === 'bfv-erd-goals' && (
            <ScoringFieldset
              scoring={form.scoring}
              error={errors.scoring}
              readOnly={readOnly}
              onScoring={(scoring) => setForm({ ...form, scoring })}
            />
          )}

          <FormFooter message={message} readOnly={readOnly} busy={saving || uploading} sending={saving} label="Speichern" />
        </Panel>
      </form>
      {confirming && (
        <ReasonPrompt
          title="Termine einer laufenden Challenge ändern"
          description="Die Challenge läuft gerade. Teilnehmende sehen die neuen Termine sofort."
          reasonLabel="Grund der Terminänderung"
          rule={editTexts.reason}
          submitLabel="Termine ändern"
          sending={saving}
          error={errors.reason ?? null}
          onCancel={() => setConfirming(null)}
          onConfirm={(reason) => void send({ ...confirming, confirmRunning: true, reason })}
        />
      )}
    </>
  );
}
