/**
 * The provider's calls that change hospital tasks (providerTask saveCache, commit, modify,
 * createCase, withdraw, close, checkEdit), on the change-task engine with the hospital kind.
 */
import { TASK_TYPE } from '@portal/domain/dictionaries/codes';
import type { THospitalTaskRef } from '@portal/domain/hospital-tasks/api';
import type { THospitalTaskForm } from '@portal/domain/hospital-tasks/rules';
import type { TActor } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import {
  assertNoUnfinishedChange,
  moveTask,
  saveTask,
  taskRef,
} from '../change-tasks/change-tasks.lifecycle.ts';
import { assertOwnProvider, findProvider, hospitalTaskKind as kind } from './hospital-tasks.kind.ts';

const ADD_HOSPITAL = TASK_TYPE.ADD_HOSPITAL.code;
const UPDATE_HOSPITAL = TASK_TYPE.UPDATE_HOSPITAL.code;

type TSaveInput = { actor: TActor; taskNo?: string; version?: number; form: THospitalTaskForm };

/** saveCache: a draft (validation mode none) of a new task or of an existing draft or returned task. */
export async function saveDraft(
  p: TPlatform,
  { taskType, ...input }: TSaveInput & { taskType?: string },
): Promise<THospitalTaskRef> {
  return taskRef(await saveTask(p, kind, { ...input, taskType: taskType ?? ADD_HOSPITAL, submit: false }));
}

/** commit: submits a new add-hospital task, or the saved draft named by taskNo. */
export async function commitTask(p: TPlatform, input: TSaveInput): Promise<THospitalTaskRef> {
  return taskRef(await saveTask(p, kind, { ...input, taskType: ADD_HOSPITAL, submit: true }));
}

/** modify: submits an edited draft (08) or returned (04) task. */
export async function modifyTask(
  p: TPlatform,
  input: TSaveInput & { taskNo: string },
): Promise<THospitalTaskRef> {
  return taskRef(await saveTask(p, kind, { ...input, taskType: ADD_HOSPITAL, submit: true }));
}

/** createCase: submits a change (04) of the approved record, compared with it. */
export async function createChangeCase(
  p: TPlatform,
  { actor, form }: { actor: TActor; form: THospitalTaskForm },
): Promise<THospitalTaskRef> {
  assertOwnProvider(actor, form.providerId);
  return taskRef(await saveTask(p, kind, { actor, form, taskType: UPDATE_HOSPITAL, submit: true }));
}

/** withdraw: a submitted task (01) goes back to the hospital as withdrawn (03). */
export async function withdrawTask(
  p: TPlatform,
  input: { actor: TActor; taskNo: string; version?: number },
): Promise<THospitalTaskRef> {
  return taskRef(await moveTask(p, kind, { ...input, action: 'withdraw' }));
}

/** close: a draft (08) or returned (04) task is closed by the hospital (07, flow type 06). */
export async function closeTask(
  p: TPlatform,
  input: { actor: TActor; taskNo: string; version?: number },
): Promise<THospitalTaskRef> {
  return taskRef(await moveTask(p, kind, { ...input, action: 'close' }));
}

/** checkEdit: refuses (409, 40910) when the provider has an unfinished change task (01 or 08). */
export async function checkEdit(
  p: TPlatform,
  { actor, providerId }: { actor: TActor; providerId: string },
): Promise<{ providerId: string; canEdit: true }> {
  assertOwnProvider(actor, providerId);
  if (!(await findProvider(p.db, actor.tenantId, providerId))) throw new AppError('HOSPITAL_RECORD_MISSING');
  const form = { providerId } as THospitalTaskForm;
  await assertNoUnfinishedChange(p, kind, { actor, form, taskType: UPDATE_HOSPITAL, task: null });
  return { providerId, canEdit: true };
}
