import { useDictionary } from '../use-dictionary.ts';
import { LookupState } from './LookupState.tsx';

export interface CodeLabelProps {
  /** The code type the codes belong to (ldCode-medicaltype, teltype, 02 ...). */
  codeType: string;
  /** One code or several (joined the way the language lists them). */
  codes: string | readonly string[] | null | undefined;
  /** Shown when there is no code. */
  empty?: string;
}

/**
 * The label of a code (or codes) in the current language: a skeleton while the dictionary
 * loads, a retry message when it cannot, never the bare code.
 */
export function CodeLabel({ codeType, codes, empty = '-' }: CodeLabelProps) {
  const dictionary = useDictionary(codeType);
  const list = (typeof codes === 'string' ? [codes] : (codes ?? [])).filter(Boolean);
  if (list.length === 0) return <>{empty}</>;
  const status = dictionary.statusOf(codeType);
  if (status !== 'success') return <LookupState status={status} onRetry={dictionary.retry} />;
  const separator = dictionary.language === 'en' ? ', ' : '、';
  return <>{list.map((code) => dictionary.labelOf(codeType, code)).join(separator)}</>;
}
