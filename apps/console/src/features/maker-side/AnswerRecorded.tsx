import { Descriptions, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n';
import type { RecordedAnswer } from './MakerAnswerForm';

/** The thank-you screen after an answer: what was recorded, in the maker's words. */
export function AnswerRecorded({ answer }: { answer: RecordedAnswer }) {
  const { t } = useTranslation();
  return (
    <Result
      status="success"
      title={<span data-testid="confirm-result">{t('makerConfirm.result.title')}</span>}
      subTitle={t('makerConfirm.result.body')}
      extra={
        <Descriptions size="small" bordered column={1} style={{ maxWidth: 520, margin: '0 auto', textAlign: 'left' }} data-testid="confirm-recorded">
          <Descriptions.Item label={t('makerConfirm.result.answer')}>
            <span data-testid="confirm-recorded-answer">{t(`makerConfirm.answers.${answer.answer}`)}</span>
          </Descriptions.Item>
          {answer.answer !== 'refuse' && (
            <Descriptions.Item label={t('makerConfirm.result.estimatedShipDate')}>{formatDate(answer.estimatedShipDate)}</Descriptions.Item>
          )}
          {answer.answer === 'refuse' && <Descriptions.Item label={t('makerConfirm.result.refusalReason')}>{answer.refusalReason}</Descriptions.Item>}
        </Descriptions>
      }
    />
  );
}
