import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Divider, Result, Space, Spin, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { errorMessage, formatDate } from '../../i18n';
import { PublicFrame } from '../../layout/PublicFrame';
import { ReloadPrompt } from '../orders/ReloadPrompt';
import { isLinkProblem, sheetUrl, useMakerConfirmation } from './api';
import { AnswerRecorded } from './AnswerRecorded';
import { ConfirmLinesTable } from './ConfirmLinesTable';
import { ConfirmOrderSummary } from './ConfirmOrderSummary';
import { CurrentAnswer } from './CurrentAnswer';
import { failureMessage } from '../../common/failure-message';
import { MakerAnswerForm, type RecordedAnswer } from './MakerAnswerForm';
import { ShipDateChangeForm } from './ShipDateChangeForm';

/** The public frame with this page's title. */
function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <PublicFrame title={t('makerConfirm.title')}>{children}</PublicFrame>;
}

/** A link that shows nothing (invalid, its lines moved elsewhere, expired): the reason, and nothing else. */
function LinkProblem({ code }: { code: string }) {
  return <Result status={code === 'NAL_ORD-131' ? 'info' : 'warning'} title={<span data-testid="confirm-link-problem" data-code={code}>{errorMessage(code)}</span>} />;
}

/**
 * The maker confirmation page, reached without signing in by the link on the order sheet
 * (`/maker-confirm/:token`): the maker's part of the order, the sheet's PDF, and the answer form;
 * once answered (here or by staff), the answer given, and the estimated ship date to change until
 * the lines ship.
 */
export function MakerConfirmPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { confirmation, error, isLoading, reload } = useMakerConfirmation(token);
  const [recorded, setRecorded] = useState<RecordedAnswer | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [stale, setStale] = useState(false);

  const problemCode = linkProblem ?? (isLinkProblem(error?.errorCode) ? error!.errorCode! : null);
  if (problemCode) return <Frame><LinkProblem code={problemCode} /></Frame>;
  if (error) {
    return (
      <Frame>
        <Result
          status="warning"
          title={t('makerConfirm.loadFailed')}
          subTitle={<span data-testid="confirm-load-failed">{failureMessage(error)}</span>}
          extra={<Button onClick={() => void reload()}>{t('makerConfirm.retry')}</Button>}
        />
      </Frame>
    );
  }
  if (isLoading || !confirmation) return <Frame><Spin /></Frame>;

  // Answered here a moment ago (the page reads the order again), or earlier, here or by staff.
  const answered = recorded !== null || confirmation.stage === 'answered';
  const onAnswered = (answer: RecordedAnswer) => {
    setRecorded(answer);
    void reload();
  };

  return (
    <Frame>
      {recorded && <AnswerRecorded answer={recorded} />}
      <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="confirm-page" data-stage={answered ? 'answered' : 'awaiting_answer'}>
        <Typography.Paragraph style={{ margin: 0 }}>
          {t(answered ? 'makerConfirm.answeredLead' : 'makerConfirm.lead')}
          <br />
          <Typography.Text type="secondary">{t('makerConfirm.expiresAt', { date: formatDate(confirmation.expiresAt, true) })}</Typography.Text>
        </Typography.Paragraph>
        <ConfirmOrderSummary confirmation={confirmation} />
        <ConfirmLinesTable lines={confirmation.lines} />
        <Button icon={<FilePdfOutlined />} href={sheetUrl(token)} target="_blank" rel="noopener" data-testid="confirm-sheet">
          {t('makerConfirm.sheet')}
        </Button>
        <CurrentAnswer confirmation={confirmation} />
      </Space>
      {!answered && (
        <>
          <Divider titlePlacement="start">{t('makerConfirm.form.title')}</Divider>
          <MakerAnswerForm token={token} version={confirmation.version} onAnswered={onAnswered} onLinkProblem={setLinkProblem} onStale={() => setStale(true)} />
        </>
      )}
      {answered && confirmation.stage === 'answered' && confirmation.canChangeShipDate && (
        <>
          <Divider titlePlacement="start">{t('makerConfirm.change.title')}</Divider>
          <ShipDateChangeForm
            token={token}
            version={confirmation.version}
            estimatedShipDate={confirmation.estimatedShipDate}
            onChanged={() => {
              // The answer has changed (a date after "undecided" is an acceptance): the page shows the current one only.
              setRecorded(null);
              void reload();
            }}
            onLinkProblem={setLinkProblem}
            onStale={() => setStale(true)}
          />
        </>
      )}
      <ReloadPrompt
        open={stale}
        onClose={() => setStale(false)}
        onReload={() => {
          setStale(false);
          void reload();
        }}
      />
    </Frame>
  );
}
