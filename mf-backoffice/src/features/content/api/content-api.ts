import {
  contentAdminPaths,
  type ContentAdminDto,
  type LegalPageKey,
  type MarkdownPreviewDto,
  type SaveBannerInput,
  type SaveCampaignInput,
  type SaveLegalInput,
  type SaveTeasersInput,
} from '@erd/shared-contracts/backoffice';
import type { RichTextDto } from '@erd/shared-contracts/wire';
import { apiGet, apiPost, apiPut } from '../../../api/http';

/**
 * The content API (server `modules/content-admin`): both roles read; admins save one part at a
 * time. 400 names the `field`; 409 `Conflict` when someone else saved since the screen loaded.
 */

export async function getContent(): Promise<ContentAdminDto> {
  return apiGet<ContentAdminDto>(contentAdminPaths.content);
}

export async function saveTeasers(input: SaveTeasersInput): Promise<ContentAdminDto> {
  return apiPut<ContentAdminDto>(contentAdminPaths.teasers, input);
}

/** The season's campaign (issue 24): claim, subline, lead prize, key visual; the year's `updatedAt` as `expectedUpdatedAt`. */
export async function saveCampaign(input: SaveCampaignInput): Promise<ContentAdminDto> {
  return apiPut<ContentAdminDto>(contentAdminPaths.campaign, input);
}

export async function saveBanner(input: SaveBannerInput): Promise<ContentAdminDto> {
  return apiPut<ContentAdminDto>(contentAdminPaths.banner, input);
}

export async function saveLegalPage(page: LegalPageKey, input: SaveLegalInput): Promise<ContentAdminDto> {
  return apiPut<ContentAdminDto>(contentAdminPaths.legal(page), input);
}

/** The rich text a save of this Markdown would store (the server's conversion; nothing is saved). */
export async function previewMarkdown(markdown: string): Promise<RichTextDto> {
  return (await apiPost<MarkdownPreviewDto>(contentAdminPaths.preview, { markdown })).richText;
}
