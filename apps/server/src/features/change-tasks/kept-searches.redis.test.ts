import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { findTenantByCode } from '../../platform/tenancy/tenancy.service.ts';
import { describeTwoInstances, eventually } from '../../test/instances.ts';
import { call, login } from '../../test/test-app.ts';
import { hospitalTasks } from '../hospital-tasks/hospital-tasks.tables.ts';
import { tasksWritten } from './change-tasks.kept-searches.ts';

/**
 * Kept searches across instances through Redis pub/sub (decision 0022, amendment "kept
 * searches"). Runs when REDIS_URL (or TEST_REDIS_URL) names a Redis server and TEST_DATABASE_URL
 * (or DATABASE_URL) a PostgreSQL database both instances share.
 */

describeTwoInstances('kept searches on two app instances', (instances) => {
  it("a withdrawal on one instance reaches the other's kept search at once", async () => {
    const { first, second } = await instances();
    const tag = randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase();
    const taskNos = [1, 2].map(
      (i) => `HT19990102${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}${i}`,
    );
    const demoId = (await findTenantByCode(first.platform.db, 'demo'))!.id;
    await first.platform.db.insert(hospitalTasks).values(
      taskNos.map((taskNo) => ({
        tenantId: demoId,
        taskNo,
        taskType: '04',
        providerId: 'P10001',
        status: '01',
        providerCnName: `跨实例医院${tag}`,
        providerEnName: `Across Hospital ${tag}`,
        commitDate: new Date(),
      })),
    );
    await tasksWritten(first.platform, demoId);

    const hospital = (await login(first.app, 'demo', 'hospital')).token;
    const auditor = (await login(second, 'demo', 'auditor')).token;
    const total = async () => {
      const res = await call(second, 'demo', auditor, {
        method: 'POST',
        url: '/saasapi/drsystem/providerTaskMsh/list',
        // With a status filter the total is a capped count, not the lookup's matches.
        payload: { current: 1, size: 10, model: { title: tag, status: ['01'] } },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.total as number;
    };
    expect(await total()).toBe(2);

    // Written behind the engine's back: the second instance answers from what it kept.
    await first.platform.db
      .update(hospitalTasks)
      .set({ status: '02' })
      .where(and(eq(hospitalTasks.tenantId, demoId), eq(hospitalTasks.taskNo, taskNos[1])));
    expect(await total()).toBe(2);

    const withdrawn = await call(first.app, 'demo', hospital, {
      method: 'POST',
      url: '/saasapi/drsystem/providerTask/withdraw',
      payload: { taskNo: taskNos[0] },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await eventually(async () => (await total()) === 0)).toBe(true);
  });
});
