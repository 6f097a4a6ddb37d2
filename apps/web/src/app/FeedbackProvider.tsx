import { App as AntdApp } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { registerFeedback } from '../lib/feedback.ts';

/** Hands Ant Design's context-aware message and modal to code outside React. */
function FeedbackBridge() {
  const { message, modal } = AntdApp.useApp();
  useEffect(() => registerFeedback({ message, modal }), [message, modal]);
  return null;
}

/**
 * Ant Design's App (context-aware message, modal and notification for App.useApp()) and the
 * feedback bridge. It wraps the signed-in frame, not the whole app: App brings Modal and the
 * notification machinery, which the login page does not need on first load (pages outside
 * the frame get feedback from the static APIs, loaded on first use).
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  return (
    <AntdApp>
      <FeedbackBridge />
      {children}
    </AntdApp>
  );
}
