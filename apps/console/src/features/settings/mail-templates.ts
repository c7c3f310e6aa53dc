import useSWR, { mutate } from 'swr';
import { api, swrFetcher, type ApiResult } from '../../api/client';
import type { AnswerOf, BodyOf, Wire } from '../../api/wire';

/** A mail template (GET /settings/mail_templates) with the placeholders it may use, `{{name}}`. */
export type MailTemplate = Wire<'MailTemplateView'>;

/** The draft rendered with a sample order. */
export type MailPreview = AnswerOf<'/settings/mail_templates/{key}/preview', 'post'>;

export const MAIL_TEMPLATES_PATH = '/settings/mail_templates';

export function useMailTemplates() {
  const { data, isLoading } = useSWR(MAIL_TEMPLATES_PATH, swrFetcher);
  return { templates: (data?.data ?? []) as MailTemplate[], isLoading };
}

export async function saveMailTemplate(key: string, body: BodyOf<'/settings/mail_templates/{key}', 'put'>): Promise<ApiResult<MailTemplate>> {
  const result = await api.put<MailTemplate>(`${MAIL_TEMPLATES_PATH}/${key}`, body);
  if (result.ok) await mutate(MAIL_TEMPLATES_PATH);
  return result;
}

/** The draft as typed, rendered by the API with a sample order; nothing is saved. */
export const previewMailTemplate = (key: string, draft: BodyOf<'/settings/mail_templates/{key}/preview', 'post'>) => api.post<MailPreview>(`${MAIL_TEMPLATES_PATH}/${key}/preview`, draft);
