import { ApiOutlined, ArrowLeftOutlined, CloudDownloadOutlined, KeyOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Result, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { ApiError, type ApiFailure } from '../../api/client';
import { useCurrentUser } from '../../auth/use-current-user';
import { failureMessage } from '../../common/failure-message';
import { toast } from '../../common/toast';
import { StaleAlert } from '../../common/versioned-save';
import i18n, { errorMessage, formatDate } from '../../i18n';
import { CONNECTION_STALE, ConnectionScheduleForm } from './ConnectionScheduleForm';
import { PaymentMappingsCard } from './PaymentMappingsCard';
import {
  fetchShopOrdersNow,
  mappingsPath,
  missingLabel,
  startShopAuthorization,
  testShopConnection,
  useShopConnection,
  type ConnectionTest,
  type ShopConnection,
  type ShopConnectionStatus,
} from './shop-connection';

/** How often the page reads the connection again while an import runs or is waited for. */
export const CONNECTION_POLL_MS = 3000;
/** A 'fetch now' whose run neither started nor failed in this time is no longer waited for. */
const FETCH_WAIT_MS = 3 * 60_000;
const SHOPS_SCREEN = '/settings?tab=shop';

const STATUS_COLORS: Record<ShopConnectionStatus, string> = { not_connected: 'default', ok: 'success', failing: 'error', reauthorize: 'warning' };
const AUTHORIZATION_OUTCOMES = ['ok', 'denied', 'failed', 'expired'] as const;
type AuthorizationOutcome = { outcome: (typeof AUTHORIZATION_OUTCOMES)[number]; reason: string | null };

/** A 'fetch now' sent: the run it waits for is the first to start after, or to fail after, what was read then. */
type FetchRequest = { at: number; startedBefore: string | null; errorBefore: string | null };

const runGoingOn = (c: ShopConnection) => !!c.lastRun.startedAt && !c.lastRun.finishedAt;
const fetchSettled = (c: ShopConnection, request: FetchRequest) =>
  (c.lastRun.startedAt !== request.startedBefore && !!c.lastRun.finishedAt) || c.lastErrorAt !== request.errorBefore;

/** A refusal's message, with what it names (NAL-SHOP-004: the missing credentials, by their labels). */
const refusalText = ({ error }: ApiFailure) => errorMessage(error.errorCode, error.params, error.message);

/** The outcome of Color Me's authorization the API sent the browser back with (`?authorization=&reason=`). */
function authorizationOutcomeOf(search: URLSearchParams): AuthorizationOutcome | null {
  const outcome = search.get('authorization');
  if (!(AUTHORIZATION_OUTCOMES as readonly string[]).includes(outcome ?? '')) return null;
  return { outcome: outcome as AuthorizationOutcome['outcome'], reason: search.get('reason') };
}

const authorizationText = ({ outcome, reason }: AuthorizationOutcome) =>
  [i18n.t(`settings.connection.authorization.${outcome}`), reason ? i18n.t('settings.connection.authorization.reason', { reason }) : ''].filter(Boolean).join(' ');

/**
 * /settings/shops: where the API sends staff back from an authorization it could not tie to a shop (an
 * expired or unknown answer): the outcome as a toast, then the shop list.
 */
export function ShopAuthorizationReturn() {
  const [search] = useSearchParams();
  const [outcome] = useState(() => authorizationOutcomeOf(search));
  useEffect(() => {
    if (outcome) toast.error(authorizationText(outcome));
  }, [outcome]);
  return <Navigate to={SHOPS_SCREEN} replace />;
}

function TestOutcome({ test }: { test: ConnectionTest }) {
  const { t } = useTranslation();
  if (test.ok) {
    const text = test.shopName ? t('settings.connection.testOkNamed', { name: test.shopName }) : t('settings.connection.testOk');
    return <Alert type="success" showIcon title={text} data-testid="connection-test-result" />;
  }
  const kind = test.kind ? t(`settings.connection.kinds.${test.kind}`, { defaultValue: test.kind }) : null;
  const reason = [kind, test.message].filter(Boolean).join(' — ');
  return <Alert type="error" showIcon title={t('settings.connection.testFailed', { reason })} data-testid="connection-test-result" />;
}

/** Status, credentials still missing, the last run (polled while one goes on), and the actions on the platform. */
function ConnectionStatusCard({ connection, canWrite, onChanged }: { connection: ShopConnection; canWrite: boolean; onChanged: (request?: FetchRequest) => void }) {
  const { t } = useTranslation();
  const shopId = String(connection.shopId);
  const [busy, setBusy] = useState<'test' | 'fetch' | 'authorize' | null>(null);
  const [test, setTest] = useState<ConnectionTest | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const missing = connection.missingCredentials;
  const colorMe = connection.platform === 'platform_2';
  const { lastRun } = connection;

  /** One action: its spinner, what it answered, and a refusal (a 422, or what a thrown failure says) above the buttons. */
  const act = async (action: 'test' | 'fetch' | 'authorize', run: () => Promise<void>) => {
    setBusy(action);
    setRefusal(null);
    try {
      await run();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setRefusal(failureMessage(err));
    } finally {
      setBusy(null);
    }
  };
  const runTest = () =>
    act('test', async () => {
      setTest(null);
      const result = await testShopConnection(shopId);
      // The workers recorded the outcome on the connection: its status follows.
      onChanged();
      if (result.ok) setTest(result.data);
      else setRefusal(refusalText(result));
    });
  const fetchNow = () =>
    act('fetch', async () => {
      const request: FetchRequest = { at: Date.now(), startedBefore: lastRun.startedAt, errorBefore: connection.lastErrorAt };
      const result = await fetchShopOrdersNow(shopId);
      if (!result.ok) return setRefusal(refusalText(result));
      toast.success(t('settings.connection.fetchStarted'));
      onChanged(request);
    });
  const authorize = () =>
    act('authorize', async () => {
      const result = await startShopAuthorization(shopId);
      if (!result.ok) return setRefusal(refusalText(result));
      // Off to the platform's page; it sends the browser back to this page through the API.
      window.location.assign(result.data.authorizeUrl);
    });

  return (
    <Card size="small">
      <Descriptions size="small" column={{ xs: 1, md: 3 }} data-testid="connection-status">
        <Descriptions.Item label={t('settings.connection.platform')}>{t(`settings.shopTypes.${connection.platform}`)}</Descriptions.Item>
        <Descriptions.Item label={t('settings.connection.status')}>
          <Tag color={STATUS_COLORS[connection.status]} data-testid="connection-status-badge" data-status={connection.status}>
            {t(`settings.connection.statuses.${connection.status}`)}
          </Tag>
        </Descriptions.Item>
        {colorMe && <Descriptions.Item label={t('settings.connection.authorizedAt')}>{formatDate(connection.authorizedAt, true)}</Descriptions.Item>}
        {connection.lastError && (
          <Descriptions.Item label={t('settings.connection.lastError')} span="filled">
            <Typography.Text type="danger" data-testid="connection-last-error">
              {formatDate(connection.lastErrorAt, true)} {connection.lastError}
            </Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ margin: '12px 0' }}
          data-testid="connection-missing"
          title={t('settings.connection.missing.title', { items: missing.map(missingLabel).join('、') })}
          description={
            <Space wrap>
              {t(`settings.connection.missing.${connection.platform}`)}
              {!colorMe && canWrite && <Link to={SHOPS_SCREEN}>{t('settings.connection.editShop')}</Link>}
            </Space>
          }
        />
      )}
      {colorMe && !connection.oauthAvailable && <Alert type="info" showIcon style={{ margin: '12px 0' }} title={t('settings.connection.oauthUnavailable')} />}

      <Typography.Title level={5} style={{ marginTop: 12 }}>
        {t('settings.connection.lastRun')}
      </Typography.Title>
      {lastRun.startedAt ? (
        <Descriptions size="small" bordered column={{ xs: 1, md: 5 }} data-testid="connection-last-run" data-running={runGoingOn(connection) ? 'yes' : 'no'}>
          <Descriptions.Item label={t('settings.connection.startedAt')}>{formatDate(lastRun.startedAt, true)}</Descriptions.Item>
          <Descriptions.Item label={t('settings.connection.finishedAt')}>
            <span data-testid="connection-last-run-finished">{lastRun.finishedAt ? formatDate(lastRun.finishedAt, true) : (
                <Space size="small">
                  <Spin size="small" />
                  {t('settings.connection.running')}
                </Space>
              )}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('settings.connection.imported')}>
            <span data-testid="connection-last-run-imported">{lastRun.imported}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('settings.connection.updated')}>
            <span data-testid="connection-last-run-updated">{lastRun.updated}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('settings.connection.flagged')}>
            <span data-testid="connection-last-run-flagged">{lastRun.flagged}</span>
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Typography.Paragraph type="secondary" data-testid="connection-last-run">
          {t('settings.connection.neverRun')}
        </Typography.Paragraph>
      )}

      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginTop: 12 }} data-testid="connection-refusal" />}
      {test && (
        <div style={{ marginTop: 12 }}>
          <TestOutcome test={test} />
        </div>
      )}
      <Space wrap style={{ marginTop: 12 }}>
        {canWrite && (
          <>
            {colorMe && (
              <Button icon={<KeyOutlined />} id="connection-authorize" loading={busy === 'authorize'} disabled={!!busy || !connection.oauthAvailable} onClick={() => void authorize()}>
                {t(connection.authorizedAt ? 'settings.connection.reauthorize' : 'settings.connection.authorize')}
              </Button>
            )}
            <Button icon={<ApiOutlined />} id="connection-test" loading={busy === 'test'} disabled={!!busy || missing.length > 0} onClick={() => void runTest()}>
              {t('settings.connection.test')}
            </Button>
            <Button icon={<CloudDownloadOutlined />} id="connection-fetch-now" loading={busy === 'fetch'} disabled={!!busy || missing.length > 0} onClick={() => void fetchNow()}>
              {t('settings.connection.fetchNow')}
            </Button>
          </>
        )}
        <Link to={`/orders?shopId=${connection.shopId}`} id="connection-orders">
          <UnorderedListOutlined /> {t('settings.connection.viewOrders')}
        </Link>
      </Space>
    </Card>
  );
}

/**
 * /settings/shops/:id/connection (issue 17): the shop's connection to its platform — status and last
 * run, test, fetch now, Color Me's authorization, the import's schedule and the payment mapping.
 */
export function ShopConnectionPage({ pollMs = CONNECTION_POLL_MS }: { pollMs?: number }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const canWrite = !!user?.permissions.includes('settings.write');
  const [search, setSearch] = useSearchParams();
  // The authorization's outcome stays shown; the URL forgets it (a reload does not show it again).
  const [authorization, setAuthorization] = useState(() => authorizationOutcomeOf(search));
  useEffect(() => {
    if (search.has('authorization')) setSearch({}, { replace: true });
  }, [search, setSearch]);

  const { mutate } = useSWRConfig();
  const [polling, setPolling] = useState(false);
  const [fetchRequest, setFetchRequest] = useState<FetchRequest | null>(null);
  const { connection, error, reload } = useShopConnection(id, polling ? pollMs : undefined);
  // Read again every few seconds while a run goes on or a 'fetch now' waits for its run, so its end shows.
  useEffect(() => {
    if (!connection) return;
    const waiting = !!fetchRequest && !fetchSettled(connection, fetchRequest);
    if (fetchRequest && !waiting) setFetchRequest(null);
    const next = runGoingOn(connection) || waiting;
    // A run ended: the payment codes it met are in the table now.
    if (polling && !next) void mutate(mappingsPath(id));
    setPolling(next);
  }, [connection, fetchRequest, polling, id, mutate]);
  useEffect(() => {
    if (!fetchRequest) return;
    const giveUp = setTimeout(() => setFetchRequest(null), Math.max(0, fetchRequest.at + FETCH_WAIT_MS - Date.now()));
    return () => clearTimeout(giveUp);
  }, [fetchRequest]);

  const [stale, setStale] = useState(false);
  // Counts saves and reloads: each gives a fresh schedule form on the connection as read again.
  const [formRound, setFormRound] = useState(0);

  if (!connection) return error ? <Result status="warning" title={t('common.loadFailed')} /> : <Spin />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="shop-connection-page">
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('settings.connection.title', { shop: connection.shopName })}
          </Typography.Title>
        }
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(SHOPS_SCREEN)}>
            {t('settings.connection.back')}
          </Button>
        }
      >
        {authorization && (
          <Alert
            type={authorization.outcome === 'ok' ? 'success' : 'error'}
            showIcon
            closable={{ onClose: () => setAuthorization(null) }}
            title={authorizationText(authorization)}
            style={{ marginBottom: 12 }}
            data-testid="connection-authorization-outcome"
          />
        )}
        {fetchRequest && !runGoingOn(connection) && (
          <Alert type="info" showIcon title={t('settings.connection.waiting')} style={{ marginBottom: 12 }} data-testid="connection-waiting" />
        )}
        <ConnectionStatusCard
          connection={connection}
          canWrite={canWrite}
          onChanged={(request) => {
            if (request) setFetchRequest(request);
            void reload();
          }}
        />
      </Card>
      <Card size="small" title={t('settings.connection.schedule.title')}>
        {stale && (
          <StaleAlert
            code={CONNECTION_STALE}
            testId="connection-stale"
            reloadId="connection-reload"
            onReload={() => {
              setStale(false);
              void reload().then(() => setFormRound((n) => n + 1));
            }}
          />
        )}
        <ConnectionScheduleForm key={formRound} connection={connection} canWrite={canWrite} onStale={() => setStale(true)} onSaved={() => void reload().then(() => setFormRound((n) => n + 1))} />
      </Card>
      <PaymentMappingsCard shopId={id} canWrite={canWrite} />
    </Space>
  );
}
