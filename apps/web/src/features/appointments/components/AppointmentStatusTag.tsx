import { appointmentStatusName } from '@portal/domain/appointments/rules';
import { Tag } from 'antd';
import { useLanguage } from '../../../lib/use-language.ts';

const COLORS: Record<string, string> = {
  '01': 'orange',
  '02': 'blue',
  '03': 'default',
  '04': 'red',
  '05': 'green',
};

/** An appointment status by name (never the bare code), coloured by status. */
export function AppointmentStatusTag({ status }: { status: string }) {
  const lang = useLanguage();
  return <Tag color={COLORS[status] ?? 'default'}>{appointmentStatusName(status, lang)}</Tag>;
}
