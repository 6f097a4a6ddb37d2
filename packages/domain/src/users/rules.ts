/**
 * Rules of the personal centre (/profile/index), shared by the server routes and the web forms.
 */
import { z } from 'zod';
import { ERRORS } from '../errors/catalogue.ts';
import { bilingual } from '../i18n/bilingual.ts';

/** Characters the personal-centre password must not contain (spec section 5). */
export const PASSWORD_FORBIDDEN_CHARACTERS = ['@', '_', '-', '.', '#'] as const;

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 15;

/**
 * A new password set in the personal centre (and on /forceUpdatePwd): 8 to 15 characters, no
 * spaces, at least one letter and one number, none of @ _ - . #.
 */
export const ZNewPassword = z
  .string({ error: bilingual('请输入新密码', 'Please enter the new password') })
  .min(1, bilingual('请输入新密码', 'Please enter the new password'))
  .min(PASSWORD_MIN, bilingual('密码长度为 8 到 15 个字符', 'The password must be 8 to 15 characters'))
  .max(PASSWORD_MAX, bilingual('密码长度为 8 到 15 个字符', 'The password must be 8 to 15 characters'))
  .refine((v) => !/\s/.test(v), {
    error: bilingual('密码不能包含空格', 'The password must not contain spaces'),
  })
  .refine((v) => /[A-Za-z]/.test(v) && /[0-9]/.test(v), {
    error: bilingual(
      '密码至少包含一个字母和一个数字',
      'The password needs at least one letter and one number',
    ),
  })
  .refine((v) => !PASSWORD_FORBIDDEN_CHARACTERS.some((c) => v.includes(c)), {
    error: bilingual('密码不能包含 @ _ - . # 字符', 'The password must not contain the characters @ _ - . #'),
  });

/** Body of PUT /authority/user/password as the server validates it field by field. */
export const ZPasswordChangeFields = z.object({
  oldPassword: z
    .string({ error: bilingual('请输入旧密码', 'Please enter the old password') })
    .min(1, bilingual('请输入旧密码', 'Please enter the old password'))
    .max(64),
  newPassword: ZNewPassword,
  confirmPassword: z
    .string({ error: bilingual('请再次输入新密码', 'Please confirm the new password') })
    .min(1, bilingual('请再次输入新密码', 'Please confirm the new password'))
    .max(64),
});
export type TPasswordChange = z.infer<typeof ZPasswordChangeFields>;

/** True when the confirmation repeats the new password. */
export const passwordsMatch = (v: Pick<TPasswordChange, 'newPassword' | 'confirmPassword'>): boolean =>
  v.newPassword === v.confirmPassword;

/** 'Password mismatch' in both languages (catalogue PASSWORD_MISMATCH). */
export const PASSWORD_MISMATCH_MESSAGE = bilingual(ERRORS.PASSWORD_MISMATCH.zh, ERRORS.PASSWORD_MISMATCH.en);

/** The password-change form: the field rules plus "confirmation must match" on confirmPassword. */
export const ZPasswordChange = ZPasswordChangeFields.refine(passwordsMatch, {
  path: ['confirmPassword'],
  error: PASSWORD_MISMATCH_MESSAGE,
});

const noPipeOrCaret = (v: string) => !/[|^]/.test(v);
const pipeMessage = bilingual(ERRORS.SPECIAL_CHARACTERS.zh, ERRORS.SPECIAL_CHARACTERS.en);

/** Body of PUT /authority/user/base: the user's own names and work description. */
export const ZUserBase = z.object({
  name: z
    .string({ error: bilingual('请输入姓名', 'Please enter the name') })
    .trim()
    .min(1, bilingual('请输入姓名', 'Please enter the name'))
    .max(50, bilingual('姓名最多 50 个字符', 'The name is at most 50 characters'))
    .refine(noPipeOrCaret, { error: pipeMessage }),
  nameEn: z
    .string()
    .trim()
    .max(100, bilingual('英文名最多 100 个字符', 'The English name is at most 100 characters'))
    .refine(noPipeOrCaret, { error: pipeMessage })
    .default(''),
  workDescribe: z
    .string()
    .trim()
    .max(500, bilingual('工作描述最多 500 个字符', 'The work description is at most 500 characters'))
    .refine(noPipeOrCaret, { error: pipeMessage })
    .default(''),
});
export type TUserBase = z.input<typeof ZUserBase>;

/** Avatar uploads: jpg or png, at most 10 MB (spec section 5, "Image uploads ... up to 10 MB"). */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
export const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
