/**
 * 'Change hospital information': asks the server first (checkEdit) whether a change may start,
 * then opens the form (modifyHosp); a refusal (an unfinished change task, no approved record)
 * is shown with the server's bilingual message.
 */
import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/http.ts';
import { checkEdit } from './api/check-edit.ts';
import { hospModifyPath } from './hospital-paths.ts';

export function useChangeHospital() {
  const { t } = useTranslation('hospital-tasks');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const check = useMutation({ mutationFn: checkEdit });

  const start = async (providerId: string) => {
    try {
      await check.mutateAsync(providerId);
      navigate(hospModifyPath(providerId));
    } catch (error) {
      modal.warning({
        title: t('list.changeRefusedTitle'),
        content: errorMessage(error),
        okText: t('list.confirm.ok'),
      });
    }
  };

  return { start, checking: check.isPending };
}
