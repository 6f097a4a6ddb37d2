/**
 * Toasts and dialogs for code outside React (the HTTP client, session actions). The app's
 * <FeedbackBridge /> registers Ant Design's context-aware instances from App.useApp(), so
 * messages follow the theme and locale; before that the static APIs are used.
 */
import { Modal, type ModalFuncProps, message as staticMessage } from 'antd';
import type { useAppProps } from 'antd/es/app/context';
import type { ReactNode } from 'react';

type TMessageApi = useAppProps['message'];
interface TModalApi {
  confirm: (props: ModalFuncProps) => unknown;
  warning: (props: ModalFuncProps) => unknown;
}

let messageApi: TMessageApi = staticMessage;
let modalApi: TModalApi = Modal;

/** Called by <FeedbackBridge /> with the instances of Ant Design's App component. */
export function registerFeedback(apis: { message: TMessageApi; modal: TModalApi }): void {
  messageApi = apis.message;
  modalApi = apis.modal;
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
    void messageApi.open({ type: 'error', content, duration: seconds });
  },
  success(content: ReactNode, seconds = 3): void {
    void messageApi.open({ type: 'success', content, duration: seconds });
  },
  warning(content: ReactNode, seconds = 3): void {
    void messageApi.open({ type: 'warning', content, duration: seconds });
  },
  /** A blocking alert with one confirm button; it cannot be dismissed any other way. */
  alert(options: TAlertOptions): void {
    modalApi.warning({
      title: options.title,
      content: options.content,
      okText: options.okText,
      onOk: options.onOk,
      closable: false,
      keyboard: false,
      mask: { closable: false },
    });
  },
  /** A confirm dialog; resolves true on confirm, false on cancel or close. */
  confirm(options: TConfirmOptions): Promise<boolean> {
    return new Promise((resolve) => {
      modalApi.confirm({
        title: options.title,
        content: options.content,
        okText: options.okText,
        cancelText: options.cancelText,
        okButtonProps: options.danger ? { danger: true } : undefined,
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  },
};
