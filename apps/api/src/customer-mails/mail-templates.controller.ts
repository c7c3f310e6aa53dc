import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Allow, CurrentUser, SignedInUser } from '../auth/access.decorators';
import { one } from '../common/http/envelope';
import { ListMailTemplates, PreviewMailTemplate, UpdateMailTemplate } from './mail-template-handlers';
import { MailTemplateBody, MailTemplateDraft, MailTemplateKeyParam } from './mail-template.dto';

/** The mail templates of settings (customer mails: the shipment notice). */
@Controller('settings/mail_templates')
export class MailTemplatesController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get()
  @Allow('settings.read')
  async list() {
    return one(await this.queries.execute(new ListMailTemplates()));
  }

  @Put(':key')
  @Allow('settings.write')
  async update(@Param() { key }: MailTemplateKeyParam, @Body() body: MailTemplateBody, @CurrentUser() user: SignedInUser) {
    return one(await this.commands.execute(new UpdateMailTemplate(key, body, user)));
  }

  /** Renders a draft with a sample order; saves nothing, so reading settings is enough. */
  @Post(':key/preview')
  @HttpCode(200)
  @Allow('settings.read')
  async preview(@Param() { key }: MailTemplateKeyParam, @Body() draft: MailTemplateDraft) {
    return one(await this.queries.execute(new PreviewMailTemplate(key, draft)));
  }
}
