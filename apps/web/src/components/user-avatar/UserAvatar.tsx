import { UserOutlined } from '@ant-design/icons';
import { Avatar, type AvatarProps } from 'antd';
import { useAvatarSrc } from './use-avatar-src.ts';

export interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'icon'> {
  avatar: string | null | undefined;
}

/** A user's avatar (fetched with the session when it is a portal file), or the user icon. */
export function UserAvatar({ avatar, alt = '', ...props }: UserAvatarProps) {
  const src = useAvatarSrc(avatar);
  return <Avatar {...props} alt={alt} src={src} icon={<UserOutlined />} />;
}
