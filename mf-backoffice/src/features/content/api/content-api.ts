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
import { apiClient } from '../../../api/http';

/**
 * The content API (server `modules/content-admin`): both roles read; admins save one part at a
 * time. 400 names the `field`; 409 `Conflict` when someone else saved since the screen loaded.
 */

export async function getContent(): Promise<ContentAdminDto> {
  return (await apiClient().get<ContentAdminDto>(contentAdminPaths.content)).data;
}

export async function saveTeasers(input: SaveTeasersInput): Promise<ContentAdminDto> {
  return (await apiClient().put<ContentAdminDto>(contentAdminPaths.teasers, input)).data;
}

/** The season's campaign (issue 24): claim, subline, lead prize, key visual; the year's `updatedAt` as `expectedUpdatedAt`. */
export async function saveCampaign(input: SaveCampaignInput): Promise<ContentAdminDto> {
  return (await apiClient().put<ContentAdminDto>(contentAdminPaths.campaign, input)).data;
}

export async function saveBanner(input: SaveBannerInput): Promise<ContentAdminDto> {
  return (await apiClient().put<ContentAdminDto>(contentAdminPaths.banner, input)).data;
}

export async function saveLegalPage(page: LegalPageKey, input: SaveLegalInput): Promise<ContentAdminDto> {
  return (await apiClient().put<ContentAdminDto>(contentAdminPaths.legal(page), input)).data;
}

/** The rich text a save of this Markdown would store (the server's conversion; nothing is saved). */
export async function previewMarkdown(markdown: string): Promise<RichTextDto> {
  return (await apiClient().post<MarkdownPreviewDto>(contentAdminPaths.preview, { markdown })).data.richText;
}
