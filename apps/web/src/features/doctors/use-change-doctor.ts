/**
 * 'Change' of a doctor: asks the server first (check-edit) whether an update may start, then
 * opens the update form; a refusal ('Doctor has an unfinished task', 'Doctor not matched') is
 * shown with the server's bilingual message instead of a form the server would refuse.
 */
import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { checkDoctorEdit } from './api/check-doctor-edit.ts';
import { doctorErrorText } from './doctor-errors.ts';
import { doctorUpdatePath } from './doctor-paths.ts';

export function useChangeDoctor() {
  const { t } = useTranslation('doctors');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const check = useMutation({ mutationFn: checkDoctorEdit });

  const start = async (doctorId: string) => {
    try {
      await check.mutateAsync(doctorId);
      navigate(doctorUpdatePath(doctorId));
    } catch (error) {
      modal.warning({
        title: t('form.changeRefusedTitle'),
        content: doctorErrorText(error),
        okText: t('form.ok'),
      });
    }
  };

  return { start, checking: check.isPending, checkingId: check.isPending ? check.variables : null };
}
