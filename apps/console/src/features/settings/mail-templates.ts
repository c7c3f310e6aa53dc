import useSWR, { mutate } from 'swr';
import { api, swrFetcher, type ApiResult } from '../../api/client';

export interface MailTemplate {
  key: string;
  subject: string;
  body: string;
  /** The names the template may use, `{{name}}`. */
  placeholders: string[];
  updatedAt: string;
  updatedByName: string | null;
  version: number;
}

export interface MailPreview {
  subject: string;
  text: string;
}

export const MAIL_TEMPLATES_PATH = '/settings/mail_templates';

export function useMailTemplates() {
  const { data, isLoading } = useSWR(MAIL_TEMPLATES_PATH, swrFetcher);
  return { templates: (data?.data ?? []) as MailTemplate[], isLoading };
}

export async function saveMailTemplate(key: string, body: { subject: string; body: string; version: number }): Promise<ApiResult<MailTemplate>> {
  const result = await api.put<MailTemplate>(`${MAIL_TEMPLATES_PATH}/${key}`, body);
  if (result.ok) await mutate(MAIL_TEMPLATES_PATH);
  return result;
}

/** The draft as typed, rendered by the API with a sample order; nothing is saved. */
export const previewMailTemplate = (key: string, draft: { subject: string; body: string }) => api.post<MailPreview>(`${MAIL_TEMPLATES_PATH}/${key}/preview`, draft);
