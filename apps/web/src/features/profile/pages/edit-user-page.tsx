import { AVATAR_TYPES, nicknameSchema } from '@dramastar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useRef, useState, type ChangeEvent } from 'react';
import { toastIfNoAnswer } from '../../../shared/api/network-toast';
import { useUserInfo } from '../../../shared/api/user-info';
import { useZodForm } from '../../../shared/forms/use-zod-form';
import { useT } from '../../../shared/i18n';
import { z } from 'zod';
import { CameraIcon, PageContainer, showToast, TextField } from '../../../shared/ui';
import { checkAvatar, updateProfile, uploadAvatar } from '../api/profile-update';
import { Avatar } from '../components/avatar';
import { LoginRequired } from '../../../shared/auth/login-required';

const nicknameForm = z.object({ nickname: nicknameSchema });

function EditForm({ nickname, avatar }: { nickname: string; avatar: string | null }) {
  const t = useT();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const form = useZodForm(nicknameForm, { nickname });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || uploading) return;
    const refusal = checkAvatar(file);
    if (refusal) {
      showToast(t.message(refusal));
      return;
    }
    setUploading(true);
    try {
      await uploadAvatar(file, queryClient);
      showToast(t('editUser.avatarSaved'));
    } catch (error) {
      toastIfNoAnswer(error);
    } finally {
      setUploading(false);
    }
  };

  const save = async () => {
    if (saving || !form.validate()) return;
    setSaving(true);
    try {
      await updateProfile({ nickname: form.values.nickname.trim() }, queryClient);
      showToast(t('editUser.saved'));
    } catch (error) {
      form.showServerError(error);
      toastIfNoAnswer(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="ds-form-page"
      data-testid="edit-user"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="ds-edit-avatar">
        <button
          type="button"
          className="ds-edit-avatar__button"
          data-testid="avatar-button"
          aria-label={t('editUser.changeAvatar')}
          disabled={uploading}
          onClick={() => fileInput.current?.click()}
        >
          <Avatar src={avatar} size={88} />
          <span className="ds-edit-avatar__badge">
            <CameraIcon />
          </span>
        </button>
        <span className="ds-muted">{uploading ? t('editUser.uploading') : t('editUser.avatarHint')}</span>
        <input
          ref={fileInput}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          className="ds-visually-hidden"
          data-testid="avatar-input"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => void onFile(event)}
        />
      </div>
      <TextField
        label={t('editUser.nickname')}
        placeholder={t('editUser.nicknamePlaceholder')}
        maxLength={30}
        testId="nickname-input"
        error={form.error('nickname')}
        {...form.field('nickname')}
      />
      <Button block color="primary" size="large" type="submit" loading={saving} data-testid="submit">
        {t('common.save')}
      </Button>
    </form>
  );
}

/** /pages/profile/editUser/index: nickname and avatar. */
export default function EditUserPage() {
  const t = useT();
  const user = useUserInfo();
  return (
    <PageContainer title={t('editUser.title')}>
      {user ? (
        <EditForm key={user.userId} nickname={user.nickname} avatar={user.avatar} />
      ) : (
        <LoginRequired />
      )}
    </PageContainer>
  );
}
