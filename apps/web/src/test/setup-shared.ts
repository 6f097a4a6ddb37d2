// For the 'web' project, whose files share a worker's window and modules (vitest.config.ts,
// isolate: false): each file starts on an empty page, without the dialogs and toasts an earlier
// file's static APIs left closing, and with every store as a fresh page load creates it.
import { beforeAll } from 'vitest';
import type { StoreApi } from 'zustand';
import { useMsgRefreshStore } from '../features/messages/msg-refresh-store.ts';
import { useErrorLogStore } from '../lib/error-log.ts';
import { useGlobalLoadingStore } from '../lib/global-loading.ts';
import { useSessionStore } from '../lib/session-store.ts';
import { useOpenViewsStore } from '../shell/open-views-store.ts';
import { useSettingsStore } from '../shell/settings-store.ts';
import { useShellStore } from '../shell/shell-store.ts';

/** Every zustand store of the app (a new one belongs here). */
const STORES: Pick<StoreApi<object>, 'setState' | 'getInitialState'>[] = [
  useMsgRefreshStore,
  useErrorLogStore,
  useGlobalLoadingStore,
  useSessionStore,
  useOpenViewsStore,
  useSettingsStore,
  useShellStore,
];

beforeAll(() => {
  document.body.replaceChildren();
  for (const store of STORES) store.setState(store.getInitialState(), true);
});
