/**
 * Toasts and dialogs for code outside React (the HTTP client, session actions). The frame's
 * <FeedbackProvider /> registers Ant Design's context-aware instances from App.useApp(), so
 * messages follow the theme and locale; outside the frame the static APIs are used, loaded on
 * first use so that the login page does not carry Modal and message.
 */
import type { ModalFuncProps } from 'antd';
import type { useAppProps } from 'antd/es/app/context';
import type { ReactNode } from 'react';

type TMessageApi = useAppProps['message'];
interface TModalApi {
  confirm: (props: ModalFuncProps) => unknown;
  warning: (props: ModalFuncProps) => unknown;
}

interface TApis {
  message: TMessageApi;
  modal: TModalApi;
}

let registered: TApis | null = null;

/** The registered App instances, or the static APIs (loaded once, on first use). */
async function apis(): Promise<TApis> {
  if (registered) return registered;
  const { staticMessage, staticModal } = await import('./feedback-static.tsx');
  return registered ?? { message: staticMessage, modal: staticModal };
}

/** Called by the frame's <FeedbackProvider /> with the instances of Ant Design's App component. */
export function registerFeedback(instances: TApis): () => void {
  registered = instances;
  return () => {
    if (registered === instances) registered = null;
  };
}

export interface TAlertOptions {
  title: ReactNode;
  content: ReactNode;
  okText: string;
  onOk?: () => void;
}

export interface TConfirmOptions extends TAlertOptions {
  cancelText: string;
  danger?: boolean;
}

export const feedback = {
  /** Error toast; 3 s unless told. */
  error(content: ReactNode, seconds = 3): void {
    void apis().then(({ message }) => message.open({ type: 'error', content, duration: seconds }));
  },
  success(content: ReactNode, seconds = 3): void {
    void apis().then(({ message }) => message.open({ type: 'success', content, duration: seconds }));
  },
  warning(content: ReactNode, seconds = 3): void {
    void apis().then(({ message }) => message.open({ type: 'warning', content, duration: seconds }));
  },
  /** A blocking alert with one confirm button; it cannot be dismissed any other way. */
  alert(options: TAlertOptions): void {
    void apis().then(({ modal }) =>
      modal.warning({
        title: options.title,
        content: options.content,
        okText: options.okText,
        onOk: options.onOk,
        closable: false,
        keyboard: false,
        mask: { closable: false },
      }),
    );
  },
  /** A confirm dialog; resolves true on confirm, false on cancel or close. */
  confirm(options: TConfirmOptions): Promise<boolean> {
    return new Promise((resolve) => {
      void apis().then(({ modal }) =>
        modal.confirm({
          title: options.title,
          content: options.content,
          okText: options.okText,
          cancelText: options.cancelText,
          okButtonProps: options.danger ? { danger: true } : undefined,
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        }),
      );
    });
  },
};
