/**
 * The message auto-refresh switch (spec section 4): remembered under MSG_REFRESH; while on,
 * the unread counts and message lists reload every 15 s.
 */
import { create } from 'zustand';
import { readString, STORAGE_KEYS, writeString } from '../../lib/storage.ts';
import { MSG_REFRESH_INTERVAL_MS } from './api/keys.ts';

interface TMsgRefreshState {
  on: boolean;
  setOn: (on: boolean) => void;
}

export const useMsgRefreshStore = create<TMsgRefreshState>()((set) => ({
  on: readString(STORAGE_KEYS.MSG_REFRESH) === 'true',
  setOn: (on) => {
    writeString(STORAGE_KEYS.MSG_REFRESH, on ? 'true' : 'false');
    set({ on });
  },
}));

/** The refetch interval of message queries: 15 s while auto-refresh is on. */
export function useMsgRefreshInterval(): number | false {
  return useMsgRefreshStore((s) => (s.on ? MSG_REFRESH_INTERVAL_MS : false));
}
