/**
 * Withdraw and close, each after a confirmation dialog (spec section 4). A refusal (409 'case
 * status changed' when someone else moved the task on) is shown by the HTTP client as the
 * server's message; the views reload either way.
 */
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMoveDoctorTask } from '../doctors/api/move-doctor-task.ts';
import { isDoctorTask } from '../doctors/doctor-paths.ts';
import { useCloseTask } from './api/close-task.ts';
import { type TTaskActionInput, useWithdrawTask } from './api/withdraw-task.ts';

/** A task of the list: hospital tasks by default, doctor tasks (01, 02) by their type. */
export type TListedTask = TTaskActionInput & { taskType?: string };

export function useTaskActions() {
  const { t } = useTranslation('hospital-tasks');
  const { modal, message } = App.useApp();
  const withdraw = useWithdrawTask();
  const close = useCloseTask();
  const doctor = useMoveDoctorTask();
  const run = (action: 'withdraw' | 'close') => (task: TListedTask) =>
    isDoctorTask(task.taskType)
      ? doctor.mutateAsync({ action, taskNo: task.taskNo, version: task.version })
      : (action === 'withdraw' ? withdraw : close).mutateAsync(task);

  const confirmThen = (
    kind: 'withdraw' | 'close',
    task: TListedTask,
    run: (task: TListedTask) => Promise<unknown>,
  ): Promise<boolean> =>
    new Promise((resolve) => {
      modal.confirm({
        title: t(`list.confirm.${kind}Title`),
        content: t(`list.confirm.${kind}Content`, { taskNo: task.taskNo }),
        okText: t('list.confirm.ok'),
        cancelText: t('list.confirm.cancel'),
        okButtonProps: kind === 'close' ? { danger: true } : undefined,
        onOk: async () => {
          try {
            await run(task);
            message.success(t(kind === 'withdraw' ? 'list.withdrawn' : 'list.closed'));
            resolve(true);
          } catch {
            // The HTTP client has shown the refusal; the dialog closes and the views reload.
            resolve(false);
          }
        },
        onCancel: () => resolve(false),
      });
    });

  return {
    /** Asks, then withdraws a submitted task; true when it was withdrawn. */
    confirmWithdraw: (task: TListedTask) => confirmThen('withdraw', task, run('withdraw')),
    /** Asks, then closes a draft or returned task; true when it was closed. */
    confirmClose: (task: TListedTask) => confirmThen('close', task, run('close')),
    busy: withdraw.isPending || close.isPending || doctor.isPending,
  };
}
