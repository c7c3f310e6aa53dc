import 'reflect-metadata';
import { JwtService } from '@nestjs/jwt';
import { normaliseEmail } from '@oms/domain';
import { AppConfig, createDataSource, createFileStorage, loadConfigOrExit, SessionRepository, UserRepository } from '@oms/infra';
import { DataSource } from 'typeorm';
import { signedIn } from './auth/sign-in.service';
import { jwtOptions, TokensService } from './auth/tokens.service';
import { depositSample } from './deposits/deposit-sample';
import { DEMO_USERS, seedCompanySeal, seedDemoData } from './seed';

/**
 * Scripts' entry point: `npm run migrate`, `npm run migrate:revert`, `npm run seed`,
 * `npm run cli -- token <email> [--ttl seconds]`, `npm run cli -- sign-in-token <email>`,
 * `npm run -s cli -- deposit-sample > 入金.txt`.
 * Configured by the same environment variables as the API.
 */
const USAGE = `usage: cli <command>
  migrate                      apply pending migrations
  migrate:revert               revert the last migration
  seed                         demo data: one user per role (idempotent)
  token <email> [--ttl secs]   print a bearer access token for a registered, valid user
  sign-in-token <email>        print a one-time sign-in token (POST /api/v1/auth/login-with-token)
  deposit-sample               print a 全銀 deposit file paying the unpaid bank-transfer orders (to try the upload)`;

async function withDatabase<T>(config: AppConfig, work: (ds: DataSource) => Promise<T>): Promise<T> {
  const ds = createDataSource(config.DATABASE_URL, 2);
  await ds.initialize();
  try {
    return await work(ds);
  } finally {
    await ds.destroy();
  }
}

async function userByEmail(ds: DataSource, email: string | undefined) {
  if (!email) throw new Error('an e-mail address is required');
  const user = await new UserRepository(ds).findByEmail(normaliseEmail(email));
  if (!user) throw new Error(`no registered user ${email}`);
  if (user.status !== 'valid') throw new Error(`user ${email} is invalid`);
  return user;
}

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  const config = loadConfigOrExit('cli');
  switch (command) {
    case 'migrate':
      return withDatabase(config, async (ds) => {
        const applied = await ds.runMigrations({ transaction: 'each' });
        process.stdout.write(applied.length ? `applied: ${applied.map((m) => m.name).join(', ')}\n` : 'database is up to date\n');
      });
    case 'migrate:revert':
      return withDatabase(config, async (ds) => {
        await ds.undoLastMigration({ transaction: 'each' });
        process.stdout.write('reverted the last migration\n');
      });
    case 'seed':
      return withDatabase(config, async (ds) => {
        await seedDemoData(ds);
        await seedCompanySeal(ds, createFileStorage(config), config.SENDER_COMPANY);
        process.stdout.write(`seeded demo users: ${DEMO_USERS.map((u) => u.email).join(', ')}\n`);
      });
    case 'token':
      return withDatabase(config, async (ds) => {
        const user = await userByEmail(ds, args[0]);
        const ttlAt = args.indexOf('--ttl');
        const ttl = ttlAt >= 0 ? Number(args[ttlAt + 1]) : config.ACCESS_TOKEN_TTL;
        if (!Number.isInteger(ttl) || ttl <= 0) throw new Error('--ttl takes a whole number of seconds');
        if (!config.JWT_SECRET) throw new Error('Configuration error: JWT_SECRET is required but not set');
        const tokens = new TokensService(new JwtService(jwtOptions(config)), config);
        process.stdout.write(`${tokens.signAccess(signedIn(user), ttl).accessToken}\n`);
      });
    case 'sign-in-token':
      return withDatabase(config, async (ds) => {
        const user = await userByEmail(ds, args[0]);
        process.stdout.write(`${await new SessionRepository(ds).createSignInToken(user.id, config.SIGN_IN_TOKEN_TTL)}\n`);
      });
    case 'deposit-sample':
      return withDatabase(config, async (ds) => {
        process.stdout.write(await depositSample(ds));
      });
    default:
      process.stderr.write(`${USAGE}\n`);
      process.exitCode = 2;
  }
}

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
