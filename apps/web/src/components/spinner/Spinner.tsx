/**
 * A loading ring in plain CSS (global.css, `.portal-spinner`). The pages a visitor meets first
 * (the login page, the first load) show it instead of Ant Design's Spin, which would add its
 * component and styles to the first download (docs/performance.md).
 */
export interface SpinnerProps {
  size?: 'small' | 'large';
  /** Shown under the ring and read by screen readers; without it the ring is decorative. */
  description?: string;
}

export function Spinner({ size, description }: SpinnerProps) {
  return (
    <span className={size ? `portal-spinner portal-spinner-${size}` : 'portal-spinner'}>
      <span className="portal-spinner-ring" aria-hidden />
      {description && <span className="portal-spinner-text">{description}</span>}
    </span>
  );
}
