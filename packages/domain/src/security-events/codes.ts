/**
 * Security events (docs/decisions/0021-security-events.md): what the server records, with the
 * labels the operator screen shows.
 */
export const SECURITY_EVENTS = {
  'sign-in': { zh: '登录成功', en: 'Signed in' },
  'sign-in-failed': { zh: '登录失败', en: 'Sign-in failed' },
  lockout: { zh: '登录限制', en: 'Sign-in brake' },
  unlock: { zh: '解除登录限制', en: 'Sign-in brake released' },
  forbidden: { zh: '无权访问', en: 'Access refused' },
  'token-reuse': { zh: '令牌重复使用', en: 'Refresh token reused' },
  'password-change': { zh: '修改密码', en: 'Password changed' },
  'role-change': { zh: '角色变更', en: 'Roles changed' },
  logout: { zh: '退出登录', en: 'Signed out' },
  'session-expired': { zh: '会话过期', en: 'Session expired' },
} as const;
export type TSecurityEvent = keyof typeof SECURITY_EVENTS;
export const SECURITY_EVENT_CODES = Object.keys(SECURITY_EVENTS) as [TSecurityEvent, ...TSecurityEvent[]];

/** Reasons with a label; a 403's reason is the refused permission and shows as it is. */
export const SECURITY_EVENT_REASONS = {
  'signed-in': { zh: '登录成功', en: 'Signed in' },
  'wrong-password': { zh: '密码错误', en: 'Wrong password' },
  'unknown-account': { zh: '账号不存在', en: 'Unknown account' },
  'user-disabled': { zh: '账号已停用', en: 'Account disabled' },
  'provider-invalid': { zh: '所属机构账户已失效', en: "Provider's account invalid" },
  'captcha-wrong': { zh: '验证码错误', en: 'Wrong verification code' },
  'captcha-expired': { zh: '验证码失效', en: 'Verification code expired' },
  'captcha-missing': { zh: '未提供验证码', en: 'No verification code' },
  'account-braked': { zh: '账号尝试过于频繁', en: 'Account attempts delayed' },
  'address-blocked': { zh: '地址已被限制', en: 'Address blocked' },
  account: { zh: '账号', en: 'Account' },
  address: { zh: '地址', en: 'Address' },
  'owner-signed-in': { zh: '本人登录成功', en: 'Owner signed in' },
  'window-expired': { zh: '限制期已过', en: 'Brake window over' },
  'refresh-replayed': { zh: '已使用的刷新令牌再次出现', en: 'Used refresh token presented again' },
  'own-password': { zh: '本人修改', en: 'Changed by the user' },
  granted: { zh: '授予角色', en: 'Roles granted' },
  'admin-roles': { zh: '管理员调整角色', en: 'Roles set by an administrator' },
  'admin-reset': { zh: '管理员重置密码', en: 'Password reset by an administrator' },
  'user-logout': { zh: '用户退出', en: 'User signed out' },
  idle: { zh: '长时间无操作', en: 'Idle too long' },
  absolute: { zh: '超过最长会话时间', en: 'Session lifetime reached' },
} as const;
export type TSecurityEventReason = keyof typeof SECURITY_EVENT_REASONS;
