import { useSessionStore } from './session-store.ts';
import { type TUserGroup, userGroupOf } from './user-group.ts';

/** The signed-in user's group: provider, netView or dashboard. */
export function useUserGroup(): TUserGroup {
  const user = useSessionStore((s) => s.user);
  const authority = useSessionStore((s) => s.authority);
  return userGroupOf(user, authority);
}
