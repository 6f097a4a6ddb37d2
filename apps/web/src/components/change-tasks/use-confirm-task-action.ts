/**
 * Withdraw and close of a change task of any kind, each after a confirmation dialog (spec
 * section 4). The caller says how its kind moves a task (`run`); a refusal (409 'case status
 * changed' when someone else moved the task on) is shown by the HTTP client as the server's
 * message; the views reload either way.
 */
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

export type TTaskMove = 'withdraw' | 'close';

/** What the dialogs need of a task: its number (named in the question). */
export interface TConfirmableTask {
  taskNo: string;
}

export function useConfirmTaskAction<TTask extends TConfirmableTask>(
  run: (action: TTaskMove, task: TTask) => Promise<unknown>,
) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();

  const confirmThen = (kind: TTaskMove, task: TTask): Promise<boolean> =>
    new Promise((resolve) => {
      modal.confirm({
        title: t(`changeTasks.confirm.${kind}Title`),
        content: t(`changeTasks.confirm.${kind}Content`, { taskNo: task.taskNo }),
        okText: t('changeTasks.confirm.ok'),
        cancelText: t('changeTasks.confirm.cancel'),
        okButtonProps: kind === 'close' ? { danger: true } : undefined,
        onOk: async () => {
          try {
            await run(kind, task);
            message.success(
              t(kind === 'withdraw' ? 'changeTasks.confirm.withdrawn' : 'changeTasks.confirm.closed'),
            );
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
    confirmWithdraw: (task: TTask) => confirmThen('withdraw', task),
    /** Asks, then closes a draft or returned task; true when it was closed. */
    confirmClose: (task: TTask) => confirmThen('close', task),
  };
}
