/**
 * Bilingual messages that travel through places that hold one string (zod issue messages):
 * the pair is encoded as JSON and read back by the server's error handler and the web forms.
 */

export interface TBilingual {
  zh: string;
  en: string;
}

/** Encodes a zh/en message pair as one string, for zod `message`/`error` options. */
export function bilingual(zh: string, en: string): string {
  return JSON.stringify({ zh, en });
}

/** Reads a message written by `bilingual`; a plain string becomes both languages. */
export function parseBilingual(message: string): TBilingual {
  if (message.startsWith('{')) {
    try {
      const value = JSON.parse(message) as Partial<TBilingual>;
      if (typeof value.zh === 'string' && typeof value.en === 'string') return { zh: value.zh, en: value.en };
    } catch {
      // not an encoded pair: fall through
    }
  }
  return { zh: message, en: message };
}

/** 'Please enter' + label, the spec's required-field message for text inputs ('please input'), in sentence case. */
export const pleaseInput = (label: TBilingual): string =>
  bilingual(`请输入${label.zh}`, `Please enter ${label.en}`);

/** 'Please select' + label, the spec's required-field message for choices, in sentence case. */
export const pleaseSelect = (label: TBilingual): string =>
  bilingual(`请选择${label.zh}`, `Please select ${label.en}`);
