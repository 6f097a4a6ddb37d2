/**
 * The department and doctor of a request (decision 0039, pick lists): suggestions from the
 * national department catalogue and from the provider's own doctors, with free text still
 * allowed for a department or a visiting doctor the lists do not hold.
 */
import { useQuery } from '@tanstack/react-query';
import { AutoComplete } from 'antd';
import { useState } from 'react';
import { usePermission } from '../../components/permission/use-permission.ts';
import { pickLanguage } from '../../lib/i18n.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useDeptList } from '../dictionaries/api/get-dept-list.ts';
import { doctorListQueryOptions } from '../doctors/api/list-doctors.ts';

const DOCTOR_LIST = 'drsystem:doctorTask:list';
const MAX_OPTIONS = 20;

interface TTextInputProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}

/** A department name: the catalogue's departments matching what is typed, in the current language. */
export function DepartmentInput({ id, value, onChange }: TTextInputProps) {
  const [typed] = useDebouncedValue(value ?? '');
  const depts = useDeptList(typed);
  const names = [...new Set((depts.data ?? []).map((d) => pickLanguage(d.deptCnName, d.deptEnName)))];
  return (
    <AutoComplete
      id={id}
      value={value}
      onChange={onChange}
      style={{ width: 220 }}
      options={names.slice(0, MAX_OPTIONS).map((name) => ({ value: name }))}
      filterOption={(input, option) =>
        String(option?.value ?? '')
          .toLowerCase()
          .includes(input.toLowerCase())
      }
      allowClear
    />
  );
}

/** A doctor's name: the provider's own doctors matching what is typed (name or certificate number). */
export function DoctorInput({ id, value, onChange }: TTextInputProps) {
  const allowed = usePermission().has(DOCTOR_LIST);
  const [focused, setFocused] = useState(false);
  const [typed] = useDebouncedValue(value ?? '');
  const doctors = useQuery({
    ...doctorListQueryOptions({ current: 1, size: MAX_OPTIONS, model: { keyword: typed.trim() } }),
    enabled: allowed && focused,
  });
  const names = [...new Set((doctors.data?.records ?? []).map((d) => pickLanguage(d.cnName, d.enName)))];
  return (
    <AutoComplete
      id={id}
      value={value}
      onChange={onChange}
      onFocus={() => setFocused(true)}
      style={{ width: 220 }}
      options={names.map((name) => ({ value: name }))}
      allowClear
    />
  );
}
