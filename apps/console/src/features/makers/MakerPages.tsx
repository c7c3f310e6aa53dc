import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { createMaker, updateMaker } from './api/save-maker';
import { useMaker } from './api/use-makers';
import { MakerForm } from './MakerForm';

export function MakerCreatePage() {
  const { t } = useTranslation();
  return <MakerForm title={t('makers.createTitle')} submit={createMaker} successMessage={t('makers.created')} />;
}

export function MakerEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { maker } = useMaker(id);
  if (!maker) return <Spin />;
  return <MakerForm title={t('makers.editTitle')} initial={maker} submit={(values) => updateMaker(maker.id, values)} successMessage={t('makers.updated')} />;
}
