import { type FormEvent, useCallback, useState } from 'react';
import { isApiError } from '@erd/shared-contracts';
import {
  CONTENT_LIMITS,
  LEGAL_PAGE_KEYS,
  TEASER_KEYS,
  type CampaignAdminDto,
  type ContentAdminDto,
  type LegalPageKey,
  type TeaserAdminDto,
  type TeaserKey,
} from '@erd/shared-contracts/backoffice';
import { ScreenHeader } from '../../../components/screen';
import { signedInAsAdmin, useOperatorSession } from '../../../lib/operator-session';
import { LoadState, useOperatorData } from '../../../kit';
import {
  type Errors,
  type FormPart,
  type Message,
  checkCampaign,
  checkTeasers,
  cloneTeasers,
  contentTexts,
  failure,
  legalLabels,
  lineError,
  loadFailure,
  teaserField,
  teaserLabels,
} from './content-form';
import { formGrid, Part, TeaserFieldset } from './content-parts';
import { LegalPagesForm } from './legal-pages-form';
import { BannerForm } from './banner-form';
import { CampaignForm } from './campaign-form';
import { getContent, saveBanner, saveCampaign, saveLegalPage, saveTeasers } from '../api/content-api';
import { FormFooter } from '../../../components/form-footer';
import { stack } from '../../../components/layout-styles';

export { contentTexts, legalLabels, teaserLabels };

/** 'Inhalte': the home page's banner texts and teasers and the legal pages; moderators read only. */
export function ContentScreen() {
  const { state, signedOut } = useOperatorSession();
  const isAdmin = signedInAsAdmin(state);
  const readOnly = !isAdmin;
  const expired = useCallback(() => signedOut('expired'), [signedOut]);
  const [banner, setBanner] = useState({ text1: '', text2: '' });
  const [campaign, setCampaign] = useState<CampaignAdminDto | null>(null);
  const [teasers, setTeasers] = useState<Record<TeaserKey, TeaserAdminDto> | null>(null);
  const [legal, setLegal] = useState<Record<LegalPageKey, string> | null>(null);
  const [page, setPage] = useState<LegalPageKey>('terms');
  const [errors, setErrors] = useState<Record<FormPart, Errors>>({ campaign: {}, banner: {}, teasers: {}, legal: {} });
  const [messages, setMessages] = useState<Record<FormPart, Message>>({ campaign: null, banner: null, teasers: null, legal: null });
  const [saving, setSaving] = useState<FormPart | null>(null);
  const [uploads, setUploads] = useState(0);
  const [campaignUploads, setCampaignUploads] = useState(0);

  const loaded = useOperatorData('content', () => getContent(), {
    passwordChange: false,
    onAnswer: (answer) => {
      setBanner(answer.banner);
      setCampaign(answer.campaign);
      setTeasers(cloneTeasers(answer.teasers));
      setLegal(Object.fromEntries(LEGAL_PAGE_KEYS.map((key) => [key, answer.legal[key].markdown])) as Record<LegalPageKey, string>);
    },
  });
  const data = loaded.status === 'ready' ? loaded.data : null;
  const setData = (saved: ContentAdminDto) => loaded.update(() => saved);

  const run = async (
    part: FormPart,
    found: Errors,
    save: () => Promise<ContentAdminDto>,
    after: (saved: ContentAdminDto) => void,
    fieldOf: (f: string) => string,
  ) => {
    setErrors((e) => ({ ...e, [part]: found }));
    if (Object.keys(found).length) {
      setMessages((m) => ({ ...m, [part]: { tone: 'error', text: contentTexts.fix } }));
      return;
    }
    setSaving(part);
    setMessages((m) => ({ ...m, [part]: null }));
    try {
      const saved = await save();
      setData(saved);
      after(saved);
      setMessages((m) => ({ ...m, [part]: { tone: 'success', text: contentTexts.saved } }));
    } catch (error) {
      if (isApiError(error) && error.status === 401) return expired();
      const result = failure(error, fieldOf);
      setErrors((e) => ({ ...e, [part]: result.errors }));
      setMessages((m) => ({ ...m, [part]: { tone: 'error', text: result.message } }));
    } finally {
      setSaving(null);
    }
  };

  if (!data || !teasers || !legal || !campaign)
    return <LoadState state={loaded} loading="Inhalte werden geladen …" failed={loadFailure} look="message" />;

  const onCampaign = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(
      'campaign',
      checkCampaign(campaign),
      () => saveCampaign({ expectedUpdatedAt: data.teasersUpdatedAt, ...campaign }),
      (saved) => setCampaign(saved.campaign),
      (f) => f.split('.')[0] ?? f,
    );
  };

  const onBanner = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = {};
    for (const key of ['text1', 'text2'] as const) {
      const problem = lineError(banner[key], CONTENT_LIMITS.banner);
      if (problem) found[key] = problem;
    }
    void run(
      'banner',
      found,
      () => saveBanner({ expectedUpdatedAt: data.siteUpdatedAt, ...banner }),
      (saved) => setBanner(saved.banner),
      (f) => f,
    );
  };

  const onTeasers = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(
      'teasers',
      checkTeasers(teasers),
      () => saveTeasers({ expectedUpdatedAt: data.teasersUpdatedAt, teasers }),
      (saved) => setTeasers(cloneTeasers(saved.teasers)),
      teaserField,
    );
  };

  const onLegal = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const markdown = legal[page];
    const found: Errors = {};
    if (!markdown.trim()) found.markdown = contentTexts.legalEmpty;
    else if (markdown.length > CONTENT_LIMITS.legal) found.markdown = contentTexts.tooLong(CONTENT_LIMITS.legal);
    const saving = page;
    void run(
      'legal',
      found,
      () => saveLegalPage(saving, { expectedUpdatedAt: data.siteUpdatedAt, markdown }),
      (saved) => setLegal((l) => ({ ...l!, [saving]: saved.legal[saving].markdown })),
      (f) => f,
    );
  };

  const setTeaser = (key: TeaserKey, change: Partial<TeaserAdminDto>) => setTeasers((t) => ({ ...t!, [key]: { ...t![key], ...change } }));

  return (
    <>
      <ScreenHeader
        title="Inhalte"
        intro={`Kampagne, Startseite und Rechtstexte der Saison ${data.year}${readOnly ? ' · nur lesen' : ''}`}
      />
      <div css={stack(8)}>
        <CampaignForm
          campaign={campaign}
          readOnly={readOnly}
          errors={errors.campaign}
          message={messages.campaign}
          busy={saving === 'campaign' || campaignUploads > 0}
          onChange={setCampaign}
          onBusy={(busy) => setCampaignUploads((n) => n + (busy ? 1 : -1))}
          onSignedOut={expired}
          onSubmit={onCampaign}
        />

        <BannerForm
          banner={banner}
          readOnly={readOnly}
          errors={errors.banner}
          message={messages.banner}
          busy={saving === 'banner'}
          onChange={setBanner}
          onSubmit={onBanner}
        />

        <Part
          id="teasers"
          title="Teaser der Startseite"
          intro="Text als Markdown. Bilder werden hochgeladen, in der Reihenfolge gezeigt und lassen sich verschieben."
        >
          <form noValidate onSubmit={onTeasers} css={formGrid}>
            {TEASER_KEYS.map((key) => (
              <TeaserFieldset
                key={key}
                teaserKey={key}
                teaser={teasers[key]}
                errors={errors.teasers}
                readOnly={readOnly}
                onChange={(change) => setTeaser(key, change)}
                onBusy={(busy) => setUploads((n) => n + (busy ? 1 : -1))}
                onSignedOut={expired}
              />
            ))}
            <FormFooter
              message={messages.teasers}
              readOnly={readOnly}
              busy={saving === 'teasers' || uploads > 0}
              label="Teaser speichern"
            />
          </form>
        </Part>

        <LegalPagesForm
          page={page}
          onPage={(key) => {
            setPage(key);
            setErrors((er) => ({ ...er, legal: {} }));
            setMessages((m) => ({ ...m, legal: null }));
          }}
          legal={legal}
          data={data}
          readOnly={readOnly}
          error={errors.legal.markdown}
          message={messages.legal}
          saving={saving === 'legal'}
          onSubmit={onLegal}
          onChange={(markdown) => setLegal({ ...legal, [page]: markdown })}
          onSignedOut={expired}
        />
      </div>
    </>
  );
}
