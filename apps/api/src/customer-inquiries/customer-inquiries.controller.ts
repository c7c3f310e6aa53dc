import { Body, Controller, Get, Param, Post, Put, Query, UseGuards, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { newInquiryReference } from '@oms/infra';
import { Allow, CurrentUser, Public, SignedInUser } from '../auth/access.decorators';
import { ErrorAnswers } from '../contract/file-answer';
import { one } from '../common/http/envelope';
import { HoneypotInterceptor } from '../common/http/honeypot.interceptor';
import { IdParam } from '../common/http/id.param';
import { PublicFormRateLimitGuard } from '../common/rate-limit.guard';
import { CreateCustomerInquiry, SubmitInquiryForm, UpdateCustomerInquiry } from './customer-inquiry-commands';
import { GetCustomerInquiry, GetFormOptions, ListCustomerInquiries } from './customer-inquiry-queries';
import { CreateCustomerInquiryBody, CustomerInquiryListQuery, InquiryFormBody, ReturnFormBody, UpdateCustomerInquiryBody } from './customer-inquiry.dto';
import { receiptView } from './customer-inquiry.view';

/** A bot's form is answered as a person's would be: a reference of the same form, and the time. */
const honeypot = () => new HoneypotInterceptor('website', () => one(receiptView(newInquiryReference(), new Date())));

/**
 * Customer inquiries (SPEC.md §2, §7; issue 16): the two public forms customers fill in without signing
 * in (rate-limited per address and per e-mail, with a honeypot), and staff's list, record and handling.
 */
@Controller('customer-inquiries')
export class CustomerInquiriesController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get('form-options')
  @Public()
  async formOptions() {
    return one(await this.queries.execute(new GetFormOptions()));
  }

  @Post('inquiry-form')
  @Public()
  @UseGuards(PublicFormRateLimitGuard)
  @UseInterceptors(honeypot())
  @ErrorAnswers(429)
  async inquiryForm(@Body() body: InquiryFormBody) {
    return one(await this.commands.execute(new SubmitInquiryForm('inquiry', body)));
  }

  @Post('return-form')
  @Public()
  @UseGuards(PublicFormRateLimitGuard)
  @UseInterceptors(honeypot())
  @ErrorAnswers(429)
  async returnForm(@Body() body: ReturnFormBody) {
    return one(await this.commands.execute(new SubmitInquiryForm('return', body)));
  }

  @Get()
  @Allow('customers.read')
  async list(@Query() query: CustomerInquiryListQuery) {
    return this.queries.execute(new ListCustomerInquiries(query));
  }

  @Post()
  @Allow('customers.write')
  async create(@CurrentUser() user: SignedInUser, @Body() body: CreateCustomerInquiryBody) {
    return one(await this.commands.execute(new CreateCustomerInquiry(user, body)));
  }

  @Get(':id')
  @Allow('customers.read')
  @ErrorAnswers(404)
  async get(@Param() { id }: IdParam) {
    return one(await this.queries.execute(new GetCustomerInquiry(String(id))));
  }

  @Put(':id')
  @Allow('customers.write')
  @ErrorAnswers(404)
  async update(@Param() { id }: IdParam, @Body() body: UpdateCustomerInquiryBody) {
    return one(await this.commands.execute(new UpdateCustomerInquiry(String(id), body)));
  }
}
