import { UploadOutlined } from '@ant-design/icons';
import { fileExtension } from '@portal/domain/files/rules';
import { AVATAR_EXTENSIONS, AVATAR_MAX_BYTES } from '@portal/domain/users/rules';
import { Avatar, Button, Flex, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/user-avatar/UserAvatar.tsx';
import { feedback } from '../../../lib/feedback.ts';
import { useChangeAvatar } from '../api/avatar.ts';

/** Why an avatar file cannot be used, or null: jpg or png, at most 10 MB. */
export function avatarFileIssue(file: { name: string; size: number; type?: string }): 'type' | 'size' | null {
  const extension = fileExtension(file.name);
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(extension)) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}

/** The avatar: choose a jpg or png, see it, then save it (or cancel). */
export function AvatarEditor({ avatar }: { avatar: string }) {
  const { t } = useTranslation('profile');
  const [chosen, setChosen] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const mutation = useChangeAvatar();

  useEffect(() => {
    if (!chosen) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(chosen);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [chosen]);

  const save = async () => {
    if (!chosen) return;
    try {
      await mutation.mutateAsync(chosen);
      setChosen(null);
      feedback.success(t('avatar.saved'));
    } catch {
      // The client has shown the server's message.
    }
  };

  return (
    <Flex vertical align="center" gap={12}>
      {preview ? (
        <Avatar size={104} src={preview} alt={t('avatar.preview')} />
      ) : (
        <UserAvatar size={104} avatar={avatar} alt={t('avatar.current')} />
      )}
      {chosen ? (
        <Flex gap={8}>
          <Button type="primary" loading={mutation.isPending} onClick={() => void save()}>
            {t('avatar.save')}
          </Button>
          <Button disabled={mutation.isPending} onClick={() => setChosen(null)}>
            {t('avatar.cancel')}
          </Button>
        </Flex>
      ) : (
        <Upload
          accept=".jpg,.jpeg,.png"
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            const issue = avatarFileIssue(file);
            if (issue) feedback.error(t(issue === 'type' ? 'avatar.wrongType' : 'avatar.tooLarge'));
            else setChosen(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />}>{t('avatar.choose')}</Button>
        </Upload>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
        {t('avatar.hint')}
      </Typography.Text>
    </Flex>
  );
}
