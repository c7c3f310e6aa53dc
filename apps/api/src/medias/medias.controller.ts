import { Controller, Get } from '@nestjs/common';
import { CurrentUser, SignedIn, SignedInUser } from '../auth/access.decorators';
import { TokensService } from '../auth/tokens.service';
import { one } from '../common/http/envelope';

/** Downloads are opened by the browser with `?token=`: a one-minute token for the signed-in user. */
@Controller('medias')
export class MediasController {
  constructor(private readonly tokens: TokensService) {}

  @Get('token')
  @SignedIn()
  token(@CurrentUser() user: SignedInUser) {
    return one(this.tokens.signMedia(user));
  }
}
