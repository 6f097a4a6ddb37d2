import { expect, it } from 'vitest';
import { describeTwoInstances, eventually } from '../../test/instances.ts';
import { call, login } from '../../test/test-app.ts';

/**
 * A client change on one instance reaches the other at once (decision 0018's pub/sub, decision
 * 0031). Runs when REDIS_URL (or TEST_REDIS_URL) and a PostgreSQL database for both instances
 * (TEST_DATABASE_URL or DATABASE_URL) are given.
 */

describeTwoInstances('client changes across two instances', (instances) => {
  it('a client disabled on instance A is refused on instance B within the delivery time', async () => {
    const { first, second } = await instances();
    const admin = await login(first.app, 'demo', 'admin');
    const created = await call(first.app, 'demo', admin.token, {
      method: 'POST',
      url: '/saasapi/authority/client',
      payload: {
        clientId: 'two-instances',
        name: 'Two instances',
        confidential: true,
        grantTypes: ['password'],
      },
    });
    const { client, clientSecret } = created.json().data as { client: { id: string }; clientSecret: string };
    const basic = `Basic ${Buffer.from(`two-instances:${clientSecret}`).toString('base64')}`;
    // The token endpoint on B checks the client first (an unknown refresh token fails after it).
    const onB = () =>
      second.inject({
        method: 'POST',
        url: '/saasapi/authority/anno/login',
        headers: { authorization: basic, tenant: 'demo' },
        payload: { grant_type: 'refresh_token', refresh_token: 'none' },
      });
    // Verified (and cached) on B: the unknown refresh token answers a session code, not 40000.
    expect((await onB()).json().code).not.toBe(40000);
    expect((await onB()).json().code).not.toBe(40000);
    await call(first.app, 'demo', admin.token, {
      method: 'PUT',
      url: '/saasapi/authority/client/enabled',
      payload: { id: client.id, enabled: false },
    });
    expect(await eventually(async () => (await onB()).json().code === 40000, 1000)).toBe(true);
  });
});
