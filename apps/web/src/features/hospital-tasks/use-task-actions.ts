/**
 * Withdraw and close of the task lists' rows, after confirmation: hospital tasks through the
 * provider-task calls, doctor tasks (01, 02) through the doctor-task calls.
 */
import { useConfirmTaskAction } from '../../components/change-tasks/use-confirm-task-action.ts';
import { useMoveDoctorTask } from '../doctors/api/move-doctor-task.ts';
import { isDoctorTask } from '../doctors/doctor-paths.ts';
import { useCloseTask } from './api/close-task.ts';
import { type TTaskActionInput, useWithdrawTask } from './api/withdraw-task.ts';

/** A task of the list: hospital tasks by default, doctor tasks (01, 02) by their type. */
export type TListedTask = TTaskActionInput & { taskType?: string };

export function useTaskActions() {
  const withdraw = useWithdrawTask();
  const close = useCloseTask();
  const doctor = useMoveDoctorTask();
  const actions = useConfirmTaskAction<TListedTask>((action, task) =>
    isDoctorTask(task.taskType)
      ? doctor.mutateAsync({ action, taskNo: task.taskNo, version: task.version })
      : (action === 'withdraw' ? withdraw : close).mutateAsync(task),
  );
  return { ...actions, busy: withdraw.isPending || close.isPending || doctor.isPending };
}
