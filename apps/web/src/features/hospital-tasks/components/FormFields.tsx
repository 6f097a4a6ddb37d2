import { isRequired, LABELS, type TLabelKey } from '@portal/domain/hospital-tasks/rules';
import type { TBilingual } from '@portal/domain/i18n/bilingual';
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { DictSelect } from '../../dictionaries/components/DictSelect.tsx';
import { getIn } from '../hospital-form-model.ts';
import { fieldId, useHospitalForm } from '../use-hospital-form-state.ts';

export interface FormFieldProps {
  /** Path of the value ('providerEnName', 'contacts.01.0.tel'); its message shows here. */
  path: string;
  label: TBilingual | string;
  /** Shows the required mark (submit mode). */
  required?: boolean;
  extra?: ReactNode;
  children: ReactNode;
  /** Another path whose message also shows here. */
  alsoErrors?: readonly string[];
  className?: string;
}

/** A labelled field of the hospital form with its message (in the current language). */
export function FormField({ path, label, required, extra, children, alsoErrors, className }: FormFieldProps) {
  const { errors, text } = useHospitalForm();
  const messages = [path, ...(alsoErrors ?? [])]
    .map((p) => errors[p])
    .filter((m): m is TBilingual => Boolean(m))
    .map(text);
  const unique = [...new Set(messages)];
  return (
    <Form.Item
      label={typeof label === 'string' ? label : text(label)}
      htmlFor={fieldId(path)}
      required={required}
      validateStatus={unique.length > 0 ? 'error' : undefined}
      help={unique.length > 0 ? unique.join('; ') : undefined}
      extra={extra}
      className={className}
    >
      {children}
    </Form.Item>
  );
}

/** Whether a top-level field is required on submit, given the rest of the form. */
export function useRequired(field: string): boolean {
  const { values } = useHospitalForm();
  return isRequired(field, values, 'submit');
}

export interface TextFieldProps {
  field: TLabelKey;
  textarea?: boolean;
  /** Shows a character count against this limit. */
  max?: number;
  placeholder?: string;
  disabled?: boolean;
  extra?: ReactNode;
}

/** A text input (or text area) of a top-level field, checked on blur. */
export function TextField({ field, textarea, max, placeholder, disabled, extra }: TextFieldProps) {
  const { values, change, blur } = useHospitalForm();
  const required = useRequired(field);
  const value = (getIn(values, field) as string | undefined) ?? '';
  const common = {
    id: fieldId(field),
    value,
    placeholder,
    disabled,
    onChange: (e: { target: { value: string } }) => change(field, e.target.value),
    onBlur: () => blur(field),
  };
  return (
    <FormField path={field} label={LABELS[field]} required={required} extra={extra}>
      {textarea ? (
        <Input.TextArea
          {...common}
          autoSize={{ minRows: 3, maxRows: 10 }}
          count={max ? { show: true, max } : undefined}
        />
      ) : (
        <Input {...common} count={max ? { show: false, max } : undefined} />
      )}
    </FormField>
  );
}

export interface CodeFieldProps {
  field: TLabelKey;
  codeType: string;
  multiple?: boolean;
  disabled?: boolean;
  extra?: ReactNode;
}

/** A select of a code type for a top-level field. */
export function CodeField({ field, codeType, multiple, disabled, extra }: CodeFieldProps) {
  const { values, change } = useHospitalForm();
  const required = useRequired(field);
  const value = getIn(values, field) as string | string[];
  return (
    <FormField path={field} label={LABELS[field]} required={required} extra={extra}>
      <DictSelect
        id={fieldId(field)}
        codeType={codeType}
        mode={multiple ? 'multiple' : undefined}
        value={multiple ? (value as string[]) : (value as string) || undefined}
        disabled={disabled}
        onChange={(next) =>
          change(
            field,
            multiple ? ((next as string[] | undefined) ?? []) : ((next as string | undefined) ?? ''),
          )
        }
      />
    </FormField>
  );
}
