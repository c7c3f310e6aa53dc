import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { domainEvent, DomainError, FieldValidationError, NotFoundError, ShopPlatformAdapter, ShopType } from '@oms/domain';
import { APP_CONFIG, AppConfig, appendToOutbox, missingCredentials, platformEndpoint, SecretBox, ShopConnectionRepository, ShopConnectionRow } from '@oms/infra';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { PaymentMappingsBody, ShopConnectionBody } from './shop-connection.dto';
import { connectionTestView, paymentMappingView, PaymentMappingView, shopConnectionView, ShopConnectionView } from './shop-connection.view';
import { PlatformCalls } from './platform-calls.service';

export const SHOP_PLATFORM_ADAPTERS = Symbol('SHOP_PLATFORM_ADAPTERS');
export type ShopPlatformAdapters = Record<ShopType, ShopPlatformAdapter>;

/** How long staff have to approve on the platform's page. */
const AUTHORIZATION_MINUTES = 10;
const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');
const oauthConfigured = (config: AppConfig) => !!(config.COLORME_CLIENT_ID && config.COLORME_CLIENT_SECRET);
/** Where the platform sends staff's browser back: the API, which then sends it on to the console. */
export const oauthRedirectUri = (config: AppConfig) => `${config.PUBLIC_API_URL}/api/v1/shop-connections/oauth/callback`;

async function connectionOf(connections: ShopConnectionRepository, shopId: string): Promise<ShopConnectionRow> {
  const connection = await connections.find(shopId);
  if (!connection) throw new NotFoundError('shop');
  return connection;
}

/** A call needs the platform's credentials: what is missing, as a 422. */
function requireCredentials(connection: ShopConnectionRow): void {
  const missing = missingCredentials(connection);
  if (missing.length) throw new DomainError('NAL-SHOP-004', { missing: missing.join(', ') });
}

const connectionSaved = (m: EntityManager, shopId: string) => appendToOutbox(m, [domainEvent('shop_connection.saved', shopId, { shopId })]);

export class GetShopConnection extends Query<ShopConnectionView> {
  constructor(readonly shopId: string) {
    super();
  }
}

@QueryHandler(GetShopConnection)
export class GetShopConnectionHandler implements IQueryHandler<GetShopConnection> {
  constructor(private readonly connections: ShopConnectionRepository, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async execute({ shopId }: GetShopConnection): Promise<ShopConnectionView> {
    return shopConnectionView(await connectionOf(this.connections, shopId), oauthConfigured(this.config));
  }
}

export class SaveShopConnection extends Command<ShopConnectionView> {
  constructor(readonly shopId: string, readonly body: ShopConnectionBody) {
    super();
  }
}

/** The import's schedule, at the version read; the workers move the shop's scheduler from the event. */
@CommandHandler(SaveShopConnection)
export class SaveShopConnectionHandler implements ICommandHandler<SaveShopConnection> {
  constructor(private readonly dataSource: DataSource, private readonly connections: ShopConnectionRepository, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async execute({ shopId, body }: SaveShopConnection): Promise<ShopConnectionView> {
    const connection = await connectionOf(this.connections, shopId);
    if (body.importEnabled) requireCredentials(connection);
    await this.dataSource.transaction(async (m) => {
      const settings = { importEnabled: body.importEnabled, importIntervalMinutes: body.importIntervalMinutes, importFrom: body.importFrom ?? null };
      if (!(await this.connections.saveSettings(m, shopId, body.version, settings))) throw new DomainError('NAL-SHOP-003');
      await connectionSaved(m, shopId);
    });
    return shopConnectionView(await connectionOf(this.connections, shopId), oauthConfigured(this.config));
  }
}

export class TestShopConnection extends Command<ReturnType<typeof connectionTestView>> {
  constructor(readonly shopId: string) {
    super();
  }
}

@CommandHandler(TestShopConnection)
export class TestShopConnectionHandler implements ICommandHandler<TestShopConnection> {
  constructor(private readonly connections: ShopConnectionRepository, private readonly calls: PlatformCalls) {}

  async execute({ shopId }: TestShopConnection) {
    const connection = await connectionOf(this.connections, shopId);
    requireCredentials(connection);
    return connectionTestView(await this.calls.test(connection.platform, shopId));
  }
}

export class FetchShopOrdersNow extends Command<ShopConnectionView> {
  constructor(readonly shopId: string) {
    super();
  }
}

@CommandHandler(FetchShopOrdersNow)
export class FetchShopOrdersNowHandler implements ICommandHandler<FetchShopOrdersNow> {
  constructor(private readonly connections: ShopConnectionRepository, private readonly calls: PlatformCalls, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async execute({ shopId }: FetchShopOrdersNow): Promise<ShopConnectionView> {
    const connection = await connectionOf(this.connections, shopId);
    requireCredentials(connection);
    await this.calls.fetchNow(connection.platform, shopId);
    return shopConnectionView(connection, oauthConfigured(this.config));
  }
}

export class StartShopAuthorization extends Command<{ authorizeUrl: string }> {
  constructor(readonly shopId: string) {
    super();
  }
}

/** Color Me's OAuth2 authorization code flow: the platform's page to send staff to, with a one-time state. */
@CommandHandler(StartShopAuthorization)
export class StartShopAuthorizationHandler implements ICommandHandler<StartShopAuthorization> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly connections: ShopConnectionRepository,
    @Inject(SHOP_PLATFORM_ADAPTERS) private readonly adapters: ShopPlatformAdapters,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ shopId }: StartShopAuthorization): Promise<{ authorizeUrl: string }> {
    const connection = await connectionOf(this.connections, shopId);
    const oauth = this.adapters[connection.platform].oauth;
    if (!oauth || !oauthConfigured(this.config)) throw new DomainError('NAL-SHOP-005');
    const state = randomBytes(24).toString('base64url');
    await this.dataSource.transaction((m) => this.connections.startAuthorization(m, shopId, hashOf(state), new Date(Date.now() + AUTHORIZATION_MINUTES * 60_000)));
    const authorizeUrl = oauth.authorizeUrl(platformEndpoint(this.config, connection.platform), {
      clientId: this.config.COLORME_CLIENT_ID!,
      redirectUri: oauthRedirectUri(this.config),
      state,
    });
    return { authorizeUrl };
  }
}

export class FinishShopAuthorization extends Command<string> {
  constructor(readonly answer: { code?: string; state?: string; error?: string }) {
    super();
  }
}

/**
 * The platform's answer: the state names the shop (once, within its time), the code becomes the shop's
 * access token, sealed. Answers where to send staff in the console, saying how it went.
 */
@CommandHandler(FinishShopAuthorization)
export class FinishShopAuthorizationHandler implements ICommandHandler<FinishShopAuthorization> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly connections: ShopConnectionRepository,
    private readonly box: SecretBox,
    @Inject(SHOP_PLATFORM_ADAPTERS) private readonly adapters: ShopPlatformAdapters,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ answer }: FinishShopAuthorization): Promise<string> {
    const back = (shopId: string | null, outcome: string, reason?: string) =>
      `${this.config.CONSOLE_URL}/settings/shops${shopId ? `/${shopId}/connection` : ''}?authorization=${outcome}${reason ? `&reason=${encodeURIComponent(reason.slice(0, 200))}` : ''}`;
    const shopId = answer.state ? await this.dataSource.transaction((m) => this.connections.takeAuthorization(m, hashOf(answer.state!))) : null;
    if (!shopId) return back(null, 'expired');
    if (answer.error || !answer.code) return back(shopId, 'denied', answer.error);
    const connection = await this.connections.find(shopId);
    if (!connection) return back(null, 'expired');
    const oauth = this.adapters[connection.platform].oauth;
    if (!oauth || !oauthConfigured(this.config)) return back(shopId, 'failed', 'not an OAuth platform');
    const exchanged = await oauth.exchangeCode(platformEndpoint(this.config, connection.platform), {
      clientId: this.config.COLORME_CLIENT_ID!,
      clientSecret: this.config.COLORME_CLIENT_SECRET!,
      redirectUri: oauthRedirectUri(this.config),
      code: answer.code,
    });
    if (!exchanged.ok) return back(shopId, 'failed', exchanged.error.message);
    await this.dataSource.transaction(async (m) => {
      await this.connections.saveAuthorization(m, shopId, this.box.seal(exchanged.value.accessToken), exchanged.value.scope);
      await connectionSaved(m, shopId);
    });
    return back(shopId, 'ok');
  }
}

export class GetPaymentMappings extends Query<PaymentMappingView[]> {
  constructor(readonly shopId: string) {
    super();
  }
}

@QueryHandler(GetPaymentMappings)
export class GetPaymentMappingsHandler implements IQueryHandler<GetPaymentMappings> {
  constructor(private readonly connections: ShopConnectionRepository) {}

  async execute({ shopId }: GetPaymentMappings): Promise<PaymentMappingView[]> {
    await connectionOf(this.connections, shopId);
    return (await this.connections.paymentMappings(shopId)).map(paymentMappingView);
  }
}

export class SavePaymentMappings extends Command<PaymentMappingView[]> {
  constructor(readonly shopId: string, readonly body: PaymentMappingsBody) {
    super();
  }
}

/** The shop's table of payment codes: each code once, each method one of ours. */
@CommandHandler(SavePaymentMappings)
export class SavePaymentMappingsHandler implements ICommandHandler<SavePaymentMappings> {
  constructor(private readonly dataSource: DataSource, private readonly connections: ShopConnectionRepository) {}

  async execute({ shopId, body }: SavePaymentMappings): Promise<PaymentMappingView[]> {
    await connectionOf(this.connections, shopId);
    const seen = new Set<string>();
    const issues = body.mappings.flatMap((row, i) => {
      const duplicate = seen.has(row.ecPaymentCode);
      seen.add(row.ecPaymentCode);
      return duplicate ? [{ field: `mappings.${i}.ec_payment_code`, errorCode: 'unique' }] : [];
    });
    const methods = new Set<number>(
      (await this.dataSource.query(`SELECT id FROM payment_methods`)).map((r: { id: number }) => Number(r.id)),
    );
    body.mappings.forEach((row, i) => {
      if (row.paymentMethodId != null && !methods.has(row.paymentMethodId)) issues.push({ field: `mappings.${i}.payment_method_id`, errorCode: 'exists' });
    });
    if (issues.length) throw new FieldValidationError(issues);
    await this.dataSource.transaction((m) =>
      this.connections.replacePaymentMappings(
        m,
        shopId,
        body.mappings.map((r) => ({ ecPaymentCode: r.ecPaymentCode, ecPaymentName: r.ecPaymentName ?? '', paymentMethodId: r.paymentMethodId ?? null })),
      ),
    );
    return (await this.connections.paymentMappings(shopId)).map(paymentMappingView);
  }
}
