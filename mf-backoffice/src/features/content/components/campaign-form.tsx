import { css } from '@emotion/react';
import type { FormEvent } from 'react';
import type { CampaignAdminDto } from '@erd/shared-contracts/backoffice';
import { TextField } from '@erd/shared-contracts/forms';
import { CAMPAIGN_LIMITS, DEFAULT_CAMPAIGN } from '@erd/shared-contracts/wire';
import { ImageList } from '../../../components/image-list';
import { contentTexts, type Errors, type Message } from './content-form';
import { formGrid, Part } from './content-parts';
import { FormFooter } from '../../../components/form-footer';

/** The campaign's one-line texts, in the order of the form: label, placeholder, hint. */
const CAMPAIGN_FIELDS: readonly { key: 'claim' | 'subline' | 'prize'; label: string; placeholder?: string; hint: string }[] = [
  {
    key: 'claim',
    label: 'Claim',
    placeholder: DEFAULT_CAMPAIGN.claim,
    hint: `Die große Überschrift: eine Zeile, höchstens ${CAMPAIGN_LIMITS.claim} Zeichen.`,
  },
  { key: 'subline', label: 'Unterzeile', hint: `Ein Satz unter dem Claim, höchstens ${CAMPAIGN_LIMITS.subline} Zeichen.` },
  {
    key: 'prize',
    label: 'Hauptpreis',
    hint: `In wenigen Worten, z. B. „Ein Trikotsatz für die ganze Mannschaft“; höchstens ${CAMPAIGN_LIMITS.prize} Zeichen.`,
  },
];

/** 'Kampagne': claim, subline, main prize and title image of the season's campaign; moderators read only. */
export function CampaignForm({
  campaign,
  readOnly,
  errors,
  message,
  busy,
  onChange,
  onBusy,
  onSignedOut,
  onSubmit,
}: {
  campaign: CampaignAdminDto;
  readOnly: boolean;
  errors: Errors;
  message: Message;
  busy: boolean;
  onChange: (campaign: CampaignAdminDto) => void;
  onBusy: (busy: boolean) => void;
  onSignedOut: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <Part id="campaign" title="Kampagne" intro={contentTexts.campaignIntro}>
      <form noValidate onSubmit={onSubmit} css={formGrid}>
        {CAMPAIGN_FIELDS.map(({ key, label, placeholder, hint }) => (
          <TextField
            key={key}
            label={label}
            name={`campaign-${key}`}
            optional
            value={campaign[key]}
            readOnly={readOnly}
            placeholder={placeholder}
            maxLength={CAMPAIGN_LIMITS[key]}
            hint={readOnly ? undefined : hint}
            error={errors[key]}
            onChange={(e) => onChange({ ...campaign, [key]: e.target.value })}
          />
        ))}
        <div>
          <p css={css`margin: 0 0 8px;`}>{contentTexts.campaignImage}</p>
          <ImageList
            id="campaign-image"
            legend="Titelbild"
            name="Kampagne"
            images={campaign.image ? [campaign.image] : []}
            max={1}
            readOnly={readOnly}
            error={errors.image}
            onChange={(images) => onChange({ ...campaign, image: images[0] ?? null })}
            onBusy={onBusy}
            onSignedOut={onSignedOut}
          />
        </div>
        <FormFooter message={message} readOnly={readOnly} busy={busy} label="Kampagne speichern" />
      </form>
    </Part>
  );
}
