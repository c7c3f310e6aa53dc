import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Divider, Result, Spin, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { errorMessage, formatDate } from '../../i18n';
import { PublicFrame } from '../../layout/PublicFrame';
import { failureMessage } from '../../common/failure-message';
import { isLinkProblem, type EstimateAnswer } from './api/estimate';
import { answerThroughLink, linkPdfUrl } from './api/save-estimate';
import { useApprovalLink } from './api/use-estimates';
import { AnswerButtons } from './EstimateActions';
import { EstimateSummary } from './EstimateSummary';

/** The public frame with this page's title. */
function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <PublicFrame title={t('estimates.link.title')}>{children}</PublicFrame>;
}

/**
 * The approve/reject page of a mailed link (`/estimate-approve/:token`), opened without signing in:
 * the estimate as it will be printed, its PDF, and the answers the link's step offers (approve or
 * reject with a reason; stamp or return with a reason). Answered by someone else, expired or not a
 * link: SPEC.md §8's message and nothing else.
 */
export function EstimateApprovePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { link, error, isLoading, reload } = useApprovalLink(token);
  const [answered, setAnswered] = useState<EstimateAnswer | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);

  if (answered) {
    return (
      <Frame>
        <Result status="success" title={<span data-testid="estimate-link-done">{t(`estimates.answered.${answered}`)}</span>} subTitle={t('estimates.link.done')} />
      </Frame>
    );
  }
  const problem = linkProblem ?? (isLinkProblem(error?.errorCode) ? error!.errorCode! : null);
  if (problem) {
    return (
      <Frame>
        <Result status="warning" title={<span data-testid="estimate-link-problem" data-code={problem}>{errorMessage(problem)}</span>} />
      </Frame>
    );
  }
  if (error) {
    return (
      <Frame>
        <Result
          status="warning"
          title={t('estimates.link.loadFailed')}
          subTitle={<span data-testid="estimate-link-failed">{failureMessage(error)}</span>}
          extra={<Button onClick={() => void reload()}>{t('estimates.link.retry')}</Button>}
        />
      </Frame>
    );
  }
  if (isLoading || !link) return <Frame><Spin /></Frame>;

  const { estimate } = link;
  return (
    <Frame>
      <div data-testid="estimate-link-page" data-step={link.step}>
        <Typography.Paragraph>
          {t('estimates.link.lead', { name: link.recipientName, step: t(`estimates.link.steps.${link.step}`) })}
          <br />
          <Typography.Text type="secondary">{t('estimates.link.expiresAt', { date: formatDate(link.expiresAt, true) })}</Typography.Text>
        </Typography.Paragraph>
        <EstimateSummary estimate={estimate} />
        <Button icon={<FilePdfOutlined />} href={linkPdfUrl(token)} target="_blank" rel="noopener noreferrer" style={{ marginTop: 16 }} data-testid="estimate-link-pdf">
          {t('estimates.link.pdf')}
        </Button>
        <Divider />
        <AnswerButtons
          answers={link.answers}
          send={(action, comment) => answerThroughLink(token, { id: Number(estimate.id), version: estimate.version, action, comment })}
          onDone={(action, result) => {
            if (result.ok) setAnswered(action);
            else if (isLinkProblem(result.error.errorCode)) setLinkProblem(result.error.errorCode);
            // Changed meanwhile (a file attached, NAL-CTM-101): read the estimate again, the answer can then be given.
            else void reload();
          }}
          onFailed={(failure) => {
            // The recipient may no longer answer (their role changed): nothing more this link can do.
            if (failure.errorCode === 'NAL-403') setLinkProblem('NAL-403');
          }}
        />
      </div>
    </Frame>
  );
}
