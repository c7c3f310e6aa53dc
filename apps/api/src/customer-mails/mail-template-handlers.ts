import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DomainError, FieldValidationError, isMailTemplateKey, MAIL_PLACEHOLDERS, MAIL_SAMPLES, MailTemplateKey, NotFoundError, renderMail, templateIssues } from '@oms/domain';
import { MailTemplateRecord, MailTemplateRepository } from '@oms/infra';
import { DataSource } from 'typeorm';
import type { SignedInUser } from '../auth/access.decorators';
import { MailTemplateBody, MailTemplateDraft } from './mail-template.dto';

export function mailTemplateView(t: MailTemplateRecord) {
  return { key: t.key, subject: t.subject, body: t.body, placeholders: [...MAIL_PLACEHOLDERS[t.key]], updatedAt: t.updatedAt, updatedByName: t.updatedByName, version: t.version };
}
export type MailTemplateView = ReturnType<typeof mailTemplateView>;

export class ListMailTemplates extends Query<MailTemplateView[]> {}

export class UpdateMailTemplate extends Command<MailTemplateView> {
  constructor(readonly key: string, readonly body: MailTemplateBody, readonly actor: SignedInUser) {
    super();
  }
}

/** The template rendered with the sample order, as a buyer would read it; nothing is saved. */
export class PreviewMailTemplate extends Query<{ subject: string; text: string }> {
  constructor(readonly key: string, readonly draft: MailTemplateDraft) {
    super();
  }
}

/** A known key whose placeholders are all known, else 404 or 422. */
function checked(key: string, draft: MailTemplateDraft): MailTemplateKey {
  if (!isMailTemplateKey(key)) throw new NotFoundError('mail_template');
  const issues = templateIssues(key, draft);
  if (issues.length) throw new FieldValidationError(issues);
  return key;
}

@QueryHandler(ListMailTemplates)
export class ListMailTemplatesHandler implements IQueryHandler<ListMailTemplates> {
  constructor(private readonly templates: MailTemplateRepository) {}

  async execute() {
    return (await this.templates.list()).filter((t) => isMailTemplateKey(t.key)).map(mailTemplateView);
  }
}

@CommandHandler(UpdateMailTemplate)
export class UpdateMailTemplateHandler implements ICommandHandler<UpdateMailTemplate> {
  constructor(private readonly dataSource: DataSource, private readonly templates: MailTemplateRepository) {}

  execute({ key, body, actor }: UpdateMailTemplate) {
    const known = checked(key, body);
    return this.dataSource.transaction(async (m) => {
      if (!(await this.templates.update(m, known, body.version, { subject: body.subject, body: body.body }, actor.id))) throw new DomainError('NAL-MAIL-003');
      return mailTemplateView((await this.templates.get(known, m))!);
    });
  }
}

@QueryHandler(PreviewMailTemplate)
export class PreviewMailTemplateHandler implements IQueryHandler<PreviewMailTemplate> {
  async execute({ key, draft }: PreviewMailTemplate) {
    return renderMail(draft, MAIL_SAMPLES[checked(key, draft)]);
  }
}
