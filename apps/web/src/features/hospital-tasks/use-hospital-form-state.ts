/**
 * The hospital form's values and messages, and the context its sections read them from.
 * Values change through applyFieldChange (the rules that follow a change); a blur checks the
 * field's format rules; a language change clears every message (spec section 4).
 */
import type { TBilingual } from '@portal/domain/i18n/bilingual';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLanguage } from '../../lib/i18n.ts';
import {
  applyFieldChange,
  blurErrorOf,
  type TFormErrors,
  type THospitalFormRoute,
  type THospitalFormValues,
} from './hospital-form-model.ts';

export interface THospitalFormState {
  values: THospitalFormValues;
  errors: TFormErrors;
  /** Changes one field (with the rules that follow from it). */
  change: (path: string, value: unknown) => void;
  /** Changes several fields at once (the area picker's three). */
  changeMany: (patch: Record<string, unknown>) => void;
  /** Checks one field's format rules after the user leaves it. */
  blur: (path: string) => void;
  /** Replaces the messages (validation, server field errors). */
  setErrors: (errors: TFormErrors) => void;
  /** Adds messages on top of the current ones. */
  addErrors: (errors: TFormErrors) => void;
  /** The current values, also between renders (for actions started from event handlers). */
  current: () => THospitalFormValues;
}

/** The messages without those of the paths and of everything under them. */
const omit = (errors: TFormErrors, paths: readonly string[]): TFormErrors => {
  const gone = (key: string) => paths.some((p) => key === p || key.startsWith(`${p}.`));
  if (!Object.keys(errors).some(gone)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !gone(key)));
};

export function useHospitalFormState(initial: THospitalFormValues): THospitalFormState {
  const [values, setValues] = useState(initial);
  const [errors, setErrorsState] = useState<TFormErrors>({});
  const ref = useRef(values);
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;

  // A language change clears the validation messages.
  const firstLanguage = useRef(language);
  useEffect(() => {
    if (firstLanguage.current === language) return;
    firstLanguage.current = language;
    setErrorsState({});
  }, [language]);

  const change = useCallback((path: string, value: unknown) => {
    const result = applyFieldChange(ref.current, path, value);
    ref.current = result.values;
    setValues(result.values);
    setErrorsState((prev) => omit(prev, result.clearErrors));
  }, []);

  const changeMany = useCallback((patch: Record<string, unknown>) => {
    let next = ref.current;
    const cleared: string[] = [];
    for (const [path, value] of Object.entries(patch)) {
      const result = applyFieldChange(next, path, value);
      next = result.values;
      cleared.push(...result.clearErrors);
    }
    ref.current = next;
    setValues(next);
    setErrorsState((prev) => omit(prev, cleared));
  }, []);

  const blur = useCallback((path: string) => {
    const message = blurErrorOf(ref.current, path);
    setErrorsState((prev) => (message ? { ...prev, [path]: message } : omit(prev, [path])));
  }, []);

  const setErrors = useCallback((next: TFormErrors) => setErrorsState(next), []);
  const addErrors = useCallback((next: TFormErrors) => setErrorsState((prev) => ({ ...prev, ...next })), []);
  const current = useCallback(() => ref.current, []);

  return useMemo(
    () => ({ values, errors, change, changeMany, blur, setErrors, addErrors, current }),
    [values, errors, change, changeMany, blur, setErrors, addErrors, current],
  );
}

export interface THospitalFormContext extends THospitalFormState {
  route: THospitalFormRoute;
  taskType: string;
  language: TLanguage;
  /** A message in the current language. */
  text: (message: TBilingual) => string;
}

export const HospitalFormContext = createContext<THospitalFormContext | null>(null);

/** The form's state, inside <HospitalFormContext.Provider>. */
export function useHospitalForm(): THospitalFormContext {
  const context = useContext(HospitalFormContext);
  if (!context) throw new Error('useHospitalForm is used outside the hospital form');
  return context;
}

/** The id of a field's control (labels point at it; the scroll to the first error finds it). */
export const fieldId = (path: string): string => `hospital-form-${path.replace(/\./g, '-')}`;
