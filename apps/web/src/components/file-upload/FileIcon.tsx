import {
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FileWordOutlined,
  FileZipOutlined,
} from '@ant-design/icons';
import { fileIconGroup, type TFileIconGroup } from '@portal/domain/files/rules';

const ICONS: Record<TFileIconGroup, typeof FileOutlined> = {
  pdf: FilePdfOutlined,
  image: FileImageOutlined,
  archive: FileZipOutlined,
  word: FileWordOutlined,
  excel: FileExcelOutlined,
};

const COLORS: Record<TFileIconGroup, string> = {
  pdf: '#D9363E',
  image: '#13A8A8',
  archive: '#8C6D1F',
  word: '#2B579A',
  excel: '#217346',
};

/** The type icon of a file name by the extension groups of spec section 5. */
export function FileIcon({ name, size = 28 }: { name: string; size?: number }) {
  const group = fileIconGroup(name);
  const Icon = group ? ICONS[group] : FileOutlined;
  return (
    <Icon
      aria-hidden
      data-icon-group={group ?? 'other'}
      style={{ fontSize: size, color: group ? COLORS[group] : '#8c8c8c' }}
    />
  );
}
