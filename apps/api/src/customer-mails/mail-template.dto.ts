import { MAIL_TEMPLATE_LIMITS } from '@oms/domain';
import { Pattern, Required, Text, Version } from '../common/validation/rules';

const L = MAIL_TEMPLATE_LIMITS;

/** `:key` of /settings/mail_templates/:key (a key the domain does not know answers 404). */
export class MailTemplateKeyParam {
  @Required()
  @Text(50)
  key!: string;
}

/** POST …/preview: the subject and body as typed, not saved. */
export class MailTemplateDraft {
  @Required()
  @Text(L.subjectMax)
  // A subject is one header line.
  @Pattern('oneLine', /^[^\r\n]*$/, 'invalid')
  subject!: string;

  @Required()
  @Text(L.bodyMax)
  body!: string;
}

/** PUT /settings/mail_templates/:key, with the version last read. */
export class MailTemplateBody extends MailTemplateDraft {
  @Required()
  @Version()
  version!: number;
}
